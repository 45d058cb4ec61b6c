import { createServer } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";

/** A real SMTP server for tests, on 127.0.0.1: it keeps every message it accepts, and its subject. */
export interface SmtpSink {
  port: number;
  subjects: string[];
  /** Each message as it arrived (headers and MIME body). */
  raw: string[];
  close(): Promise<void>;
}

/** A port nothing listens on (yet): where a mail server that is down would be. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The Subject header of a raw message, unfolded and with its RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const value = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}

/**
 * `beforeAccepting` runs once a message has arrived, before the server answers 250: what it returns
 * is awaited, so a test can hold the answer (a promise that never settles keeps it for ever).
 */
export async function startSmtpSink(
  port = 0,
  options: { beforeAccepting?: (subject: string, received: number) => unknown } = {},
): Promise<SmtpSink> {
  const subjects: string[] = [];
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push(raw);
        subjects.push(subjectOf(raw));
        void Promise.resolve(options.beforeAccepting?.(subjects.at(-1)!, subjects.length)).then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  return {
    port: address.port,
    subjects,
    raw: received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A nodemailer transport to a test server: plain SMTP, no TLS, short timeouts. */
export function testTransport(port: number) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 2000,
    greetingTimeout: 2000,
  });
}
