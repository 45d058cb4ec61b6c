import { gzipSync } from "node:zlib";
import { bench } from "./load";

/** What the bench asks of a server besides the load: signing in, one GET, a page's first-load JavaScript. */

/**
 * Sums the gzip size (level 9, as the build precompresses) of every script the page needs before it
 * is interactive: what its HTML loads, preloads or imports (the inline module's static imports and its
 * import() of the client entry), and every module those import statically, to the end. Followed
 * through the modules rather than read off the page's module preloads, which the page no longer
 * carries in its head (docs/decisions/021-first-paint.md). Modules imported with import() from
 * inside the bundle (the booking form on /) load later and are not counted.
 */
export async function firstLoadJavaScript(page: string) {
  const html = await fetch(`${bench.base}${page}`).then((r) => r.text());
  const pageUrl = new URL(page, bench.base);
  const queue: URL[] = [];
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"[^>]*>/g))
    queue.push(new URL(match[1]!, pageUrl));
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g))
    for (const match of script[1]!.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"]+\.js)"/g))
      queue.push(new URL(match[1]!, pageUrl));
  const seen = new Set<string>();
  let gzipBytes = 0;
  for (let url = queue.shift(); url; url = queue.shift()) {
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipBytes += gzipSync(body, { level: 9 }).byteLength;
    // Static imports only (`import{…}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
    for (const match of body.toString("utf8").matchAll(/(?:\bfrom|\bimport)\s*"([^"]+\.js)"/g))
      queue.push(new URL(match[1]!, url));
  }
  return { files: seen.size, gzipBytes };
}

/**
 * fetch, tried once more when the connection drops: a pooled keep-alive socket the server
 * closed while autocannon ran fails the next request with ECONNRESET.
 */
export function request(url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, init).catch(() => fetch(url, init));
}

/** The session cookie of a demo account, or undefined (with the reason printed) when sign-in fails. */
export async function signIn(account: { email: string; password: string }): Promise<string | undefined> {
  const response = await request(`${bench.base}/api/auth/sign-in/email`, {
    method: "POST",
    // The auth library refuses an Origin other than the site's (PUBLIC_URL, or http://localhost:PORT).
    headers: { "content-type": "application/json", origin: new URL(bench.base).origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  if (response.ok && cookie) return cookie;
  console.error(`Sign-in as ${account.email} failed (${response.status} ${(await response.text()).slice(0, 200)}).`);
  return undefined;
}

/** One GET as the given account: its status, X-Total-Count and body. */
export async function probe(path: string, cookie: string) {
  const response = await request(`${bench.base}${path}`, { headers: { cookie } });
  const body: unknown = await response.json().catch(() => undefined);
  // Lists count up to 1,000 matches; beyond that the API says the count is not exact.
  const exact = response.headers.get("x-total-count-exact") !== "false";
  const total = `${Number(response.headers.get("x-total-count") ?? NaN).toLocaleString("en-US")}${exact ? "" : "+"}`;
  return { status: response.status, total, body };
}
