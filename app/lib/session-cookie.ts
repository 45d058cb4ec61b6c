/**
 * The prefix of the site's cookies, better-auth's `cookiePrefix` (app/.server/auth.ts): the session
 * cookie is `carwash.session_token` ("__Secure-" before it on HTTPS). One constant, so the page
 * cache can never look for a name better-auth no longer sets (signed-in pages would be kept).
 */
export const SESSION_COOKIE_PREFIX = "carwash";

const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=`);

/**
 * Whether a Cookie header carries the site's session cookie. Without one the request is a
 * visitor's: its pages are the same for every visitor, which is what lets them be shared
 * (site-layout's Cache-Control, the server's page cache).
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}
