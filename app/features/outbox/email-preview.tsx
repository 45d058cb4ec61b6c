/**
 * A message as the customer sees it: its HTML part in a sandboxed frame, its plain-text part one
 * tap away (or shown alone when the message has no HTML).
 *
 * The frame runs nothing: `sandbox` without allow-scripts and without allow-same-origin gives the
 * e-mail an opaque origin that can neither run script nor reach the site; its own
 * Content-Security-Policy (below) adds a second wall. It inherits the page's policy too, whose
 * inline styles rule lets the e-mail's style="" through. Links open in a new tab (the frame's
 * `<base target>` with allow-popups): navigating inside the frame would go to addresses the page's
 * frame-src does not allow.
 */
import type { OutboxEmail } from "./outbox.schema";

const FRAME_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:";
const FRAME_HEAD = `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><base target="_blank">`;

/** The e-mail's HTML with the frame's policy and link target at the top of its head. */
export function framedHtml(html: string): string {
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + FRAME_HEAD) : FRAME_HEAD + html;
}

/** Splits plain text so that web addresses become links (the e-mails' reset and booking links). */
function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/\S+)/g).map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function PlainText({ text }: { text: string }) {
  return (
    <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
      <Linkified text={text} />
    </p>
  );
}

export function EmailPreview({ mail }: { mail: Pick<OutboxEmail, "subject" | "text" | "html"> }) {
  if (!mail.html) return <PlainText text={mail.text} />;
  return (
    <>
      <iframe
        title={`${mail.subject} (as the customer sees it)`}
        srcDoc={framedHtml(mail.html)}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        className="mt-3 h-[34rem] w-full rounded-lg border border-slate-200 bg-slate-100"
      />
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">Plain text</summary>
        <PlainText text={mail.text} />
      </details>
    </>
  );
}
