import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const HEAD_END = "</head>";

/**
 * A page's HTML with its module preloads asked for after the first paint instead of from the head.
 *
 * React Router's `<Scripts>` renders a `<link rel="modulepreload">` for every module the page
 * hydrates with (32 files, 130 KB gzip on the home page) and React hoists them into the head, so the
 * browser fetches and compiles them while it parses and paints the page. Here they leave the head,
 * and a small script (with the page's CSP nonce) adds the same links once the browser has painted
 * the page's first content: the page paints from its HTML alone, then every module loads at once, as before, rather than one
 * level of imports after another from the inline module script at the end of the body (which still
 * loads them if this script never runs, e.g. in a background tab). See
 * docs/decisions/021-first-paint.md.
 *
 * Only the head is rewritten: the body is content, where any text may appear.
 */
export function modulePreloadsAfterFirstPaint(nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (headDone) return callback(null, chunk);
      head += typeof chunk === "string" ? chunk : decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      headDone = true;
      const html = rewriteHead(head.slice(0, end), nonce) + head.slice(end);
      head = "";
      callback(null, html);
    },
    flush(callback) {
      head += decoder.end();
      callback(null, head || undefined);
    },
  });
}

/** The head's HTML without its module preloads, and with the script that adds them after the first paint. */
export function rewriteHead(head: string, nonce: string | undefined): string {
  const hrefs: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href) hrefs.push(href);
    return "";
  });
  if (hrefs.length === 0) return head;
  return rest + preloadAfterFirstPaintScript(hrefs, nonce);
}

/**
 * The links are added once the browser reports the first contentful paint (a paint timing entry,
 * buffered in case it came before the observer), or, where paint timing is missing, in a task
 * queued from requestAnimationFrame: a frame is drawn by then, though perhaps not yet the page's
 * content. The hrefs are the build's asset paths; `<` is escaped all the same, so that no text can
 * end the script.
 */
function preloadAfterFirstPaintScript(hrefs: string[], nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const setNonce = nonce ? `l.nonce=${JSON.stringify(nonce)};` : "";
  const list = JSON.stringify(hrefs).replaceAll("<", "\\u003c");
  return (
    `<script${nonceAttribute}>(()=>{const go=()=>{for(const h of ${list}){const l=document.createElement("link");` +
    `l.rel="modulepreload";l.href=h;${setNonce}document.head.append(l)}},P=self.PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.includes("paint"))new P((e,o)=>{` +
    `if(e.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(()=>setTimeout(go))})()</script>`
  );
}
