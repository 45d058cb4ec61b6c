const THIS_SITE = "http://this-site.invalid";

/**
 * Where to go after signing in (or any other return path taken from a URL): only a path on
 * this site, never another origin (open redirect). The browser's own URL parser decides, as
 * it drops tabs and newlines and reads "\" as "/" ("/\t/evil.test" is "//evil.test" to it);
 * control characters and backslashes are refused outright. The answer is the parsed path,
 * percent-encoded, so it is always a valid Location header.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!target || !target.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, THIS_SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== THIS_SITE) return fallback;
  return url.pathname + url.search + url.hash;
}

export function loginPath(returnTo: string): string {
  return returnTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}

/** Sign up, then back to `returnTo` (the login page passes it on the same way). */
export function signupPath(returnTo: string): string {
  return returnTo === "/" ? "/signup" : `/signup?redirectTo=${encodeURIComponent(returnTo)}`;
}
