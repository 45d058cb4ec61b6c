import type { Context } from "hono";
import type { Locale } from "~/lib/i18n/locale";
import { PAGE_LANGUAGE_HEADER } from "~/lib/page-locale";
import { requestHeader } from "./request-headers";

/**
 * The language to answer a request's errors in (issue 49): Spanish when the page it came from is
 * (apiFetch's X-Page-Language) or its JSON body says `"locale": "es"`; else English. Not the
 * browser's Accept-Language: an English page's errors stay English whatever the browser prefers.
 * The body is read only from Hono's cache (readBody filled it), never from the socket again.
 */
export async function requestLanguage(c: Context): Promise<Locale> {
  if (requestHeader(c, PAGE_LANGUAGE_HEADER.toLowerCase())?.trim().toLowerCase() === "es") return "es";
  if (Object.keys(c.req.bodyCache).length === 0) return "en";
  if (!requestHeader(c, "content-type")?.toLowerCase().includes("json")) return "en";
  const body: unknown = await c.req.json().catch(() => undefined);
  return typeof body === "object" && body !== null && (body as { locale?: unknown }).locale === "es" ? "es" : "en";
}
