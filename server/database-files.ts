import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import type { ByteRange, DatabaseStorage } from "~/.server/storage/file-storage";

/**
 * Serves /uploads/<name> from the database, as the static handler serves them from disk: the type
 * by the name's extension, `cacheControl`, HEAD and a single byte range (a video's seek). Any other
 * name, or none stored, falls through (to the 404).
 */
export function databaseFiles(storage: DatabaseStorage, cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    const name = c.req.path.replace(/^\/uploads\//, "");
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const range = byteRange(c.req.header("Range"));
    const file = await storage.read(name, c.req.method === "HEAD" ? SIZE_ONLY : range);
    if (!file) return next();
    c.header("Content-Type", getMimeType(name) ?? "application/octet-stream");
    c.header("Cache-Control", cacheControl);
    c.header("Accept-Ranges", "bytes");
    if (c.req.method === "HEAD") {
      c.header("Content-Length", String(file.size));
      return c.body(null, 200);
    }
    const body = file.bytes as Uint8Array<ArrayBuffer>;
    if (!range) return c.body(body, 200);
    if (range.start >= file.size) {
      c.header("Content-Range", `bytes */${file.size}`);
      return c.body(null, 416);
    }
    c.header("Content-Range", `bytes ${range.start}-${range.start + body.byteLength - 1}/${file.size}`);
    return c.body(body, 206);
  };
}

/** No bytes (the end before the start): a HEAD needs the size only. */
const SIZE_ONLY: ByteRange = { start: 0, end: -1 };

/** "bytes=<start>-[<end>]": one range from a known start; anything else is answered whole. */
function byteRange(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end === undefined || end >= start ? { start, end } : undefined;
}
