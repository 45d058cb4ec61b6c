import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { modulePreloadsAfterFirstPaint, rewriteHead } from "./module-preloads";

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style data-precedence="site">a{color:red}</style>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N0nce=="/>' +
  '<link nonce="N0nce==" rel="preload" as="image" href="/images/hero.svg" fetchPriority="high"/>';
const BODY =
  '</head><body><p>Write <link rel="modulepreload" href="/x.js"/> in a post</p>' +
  '<script nonce="N0nce==" type="module" async="">import("/assets/entry.client-A.js");</script></body></html>';

async function rewrite(chunks: string[], nonce: string | undefined) {
  return text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(modulePreloadsAfterFirstPaint(nonce)));
}

describe("modulePreloadsAfterFirstPaint", () => {
  it("takes the module preloads out of the head and adds them from a script with the nonce after the first frame", async () => {
    const html = await rewrite([HEAD + BODY], "N0nce==");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain('<link rel="modulepreload"');
    expect(head).toContain(
      '<link nonce="N0nce==" rel="preload" as="image" href="/images/hero.svg" fetchPriority="high"/>',
    );
    expect(head).toMatch(
      /<script nonce="N0nce==">[^<]*"\/assets\/entry.client-A.js","\/assets\/root-B.js"[^<]*<\/script>$/,
    );
  });

  it("leaves the body as it is, whatever text it holds", async () => {
    const html = await rewrite([HEAD + BODY], "N0nce==");
    expect(html.slice(html.indexOf("</head>"))).toBe(BODY);
  });

  it("finds the end of the head across chunks, and a character split between two chunks survives", async () => {
    const whole = HEAD + "<title>Café</title>" + BODY;
    const bytes = Buffer.from(whole);
    const cut = bytes.indexOf(Buffer.from("é")) + 1;
    const chunks = [
      bytes.subarray(0, 40),
      bytes.subarray(40, cut),
      bytes.subarray(cut, bytes.length - 30),
      bytes.subarray(bytes.length - 30),
    ];
    const html = await text(Readable.from(chunks).pipe(modulePreloadsAfterFirstPaint("N0nce==")));
    expect(html).toContain("<title>Café</title>");
    expect(html).not.toMatch(/<link rel="modulepreload"[^>]*>[^]*<\/head>/);
    expect(html.endsWith(BODY)).toBe(true);
  });

  it("passes a document without a head end through unchanged", async () => {
    expect(await rewrite(["<p>no head", " at all</p>"], "N0nce==")).toBe("<p>no head at all</p>");
  });
});

/** Runs the script of a rewritten head against a stand-in browser, returning what it appended and when. */
function runScript(head: string, { paintTiming }: { paintTiming: boolean }) {
  const script = /<script[^>]*>(.*)<\/script>/.exec(head)![1]!;
  const appended: { rel: string; href: string; nonce?: string }[] = [];
  let observer: ((list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void) | undefined;
  let frame: (() => void) | undefined;
  let task: (() => void) | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "largest-contentful-paint"] : ["resource"];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe(options: unknown) {
      expect(options).toEqual({ type: "paint", buffered: true });
    }
  }
  const document = {
    createElement: () => ({}),
    head: { append: (link: (typeof appended)[number]) => appended.push(link) },
  };
  new Function("self", "document", "requestAnimationFrame", "setTimeout", script)(
    { PerformanceObserver },
    document,
    (f: () => void) => (frame = f),
    (f: () => void) => (task = f),
  );
  const paint = (name: string) => observer!({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect() {} });
  return { appended, paint, frame: () => frame!(), task: () => task!() };
}

describe("the script that asks for the modules", () => {
  const head = rewriteHead(
    '<head><link rel="modulepreload" href="/assets/a.js" nonce="N0nce=="/><link rel="modulepreload" href="/assets/b.js" nonce="N0nce=="/>',
    "N0nce==",
  );

  it("adds the module preloads, with the nonce, once the first contentful paint is reported", () => {
    const browser = runScript(head, { paintTiming: true });
    browser.paint("first-paint");
    expect(browser.appended).toEqual([]);
    browser.paint("first-contentful-paint");
    expect(browser.appended).toEqual([
      { rel: "modulepreload", href: "/assets/a.js", nonce: "N0nce==" },
      { rel: "modulepreload", href: "/assets/b.js", nonce: "N0nce==" },
    ]);
  });

  it("without paint timing, adds them in a task after the next frame", () => {
    const browser = runScript(head, { paintTiming: false });
    browser.frame();
    expect(browser.appended).toEqual([]);
    browser.task();
    expect(browser.appended.map((l) => l.href)).toEqual(["/assets/a.js", "/assets/b.js"]);
  });
});

describe("rewriteHead", () => {
  it("changes nothing when the head has no module preload", () => {
    const head = '<head><meta charSet="utf-8"/>';
    expect(rewriteHead(head, "N0nce==")).toBe(head);
  });

  it("writes no nonce when the page has none", () => {
    const head = rewriteHead('<head><link rel="modulepreload" href="/a.js"/>', undefined);
    expect(head).toMatch(/^<head><script>[^<]*"\/a.js"[^<]*<\/script>$/);
    expect(head).not.toContain("nonce");
  });

  it("cannot end its script early, whatever an href holds", () => {
    expect(rewriteHead('<head><link rel="modulepreload" href="/a</script.js"/>', undefined)).toContain(
      '["/a\\u003c/script.js"]',
    );
  });
});
