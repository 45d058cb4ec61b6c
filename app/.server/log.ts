/**
 * The server's log: one JSON object per line (time, level, msg and the fields given), on stdout,
 * errors on stderr, as log collectors behind a load balancer read them.
 */
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", msg: string, fields: Fields = {}) {
  const entry = { time: new Date().toISOString(), level, msg, ...fields };
  const line = JSON.stringify(entry, (_key, value: unknown) =>
    // A database error's code and cause (drizzle wraps the driver's) say more than its message.
    value instanceof Error
      ? {
          name: value.name,
          message: value.message,
          code: (value as { code?: unknown }).code,
          stack: value.stack,
          cause: value.cause,
        }
      : value,
  );
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
