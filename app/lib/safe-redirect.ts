const THIS_SITE = "http://this-site.invalid";
/** Another page of the site, deep in it, to read a path from as a browser on any page would. */
const A_PAGE = "https://carwash.invalid/dashboard/manageBooking?page=2";

/**
 * A path whose first segment is empty, or a slash or backslash however often percent-encoded: a
 * browser reads "//evil.test" and "/\evil.test" as another host, and a router that decodes the path
 * once ("/%2F/evil.test" → "///evil.test") does the same.
 */
const ANOTHER_HOST = /^\/(?:[/\\]|%(?:25)*(?:2f|5c))/i;

/**
 * Where to go after signing in (or any other return path taken from a URL): only a path on this
 * site, never another origin (open redirect). It is read with the browser's own URL parser, which
 * drops tabs and newlines, reads "\" as "/" and collapses dot segments ("/.//evil.test" and
 * "/x/..//evil.test" are "//evil.test" to it), and the answer is checked again after all that:
 * - control characters and backslashes are refused outright;
 * - the parsed path must not begin with two slashes, a backslash or an encoded one;
 * - read again from any page of the site, it must stay on the site and stay the same.
 * The answer is the parsed path, percent-encoded, so it is always a valid Location header.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!target || !target.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  const path = parsedPath(target, THIS_SITE);
  if (path === undefined || ANOTHER_HOST.test(path)) return fallback;
  return parsedPath(path, A_PAGE) === path ? path : fallback;
}

/** The path, query and fragment of `target` read from `base`; undefined when it leaves base's origin. */
function parsedPath(target: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(base).origin) return undefined;
  return url.pathname + url.search + url.hash;
}

export function loginPath(returnTo: string): string {
  return returnTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}

/** Sign up, then back to `returnTo` (the login page passes it on the same way). */
export function signupPath(returnTo: string): string {
  return returnTo === "/" ? "/signup" : `/signup?redirectTo=${encodeURIComponent(returnTo)}`;
}
