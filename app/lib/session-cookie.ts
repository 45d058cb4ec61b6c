/**
 * Whether a Cookie header carries the site's session cookie (better-auth's, prefixed "carwash" in
 * app/.server/auth.ts; "__Secure-" on HTTPS). Without one the request is a visitor's: its pages
 * are the same for every visitor, which is what lets them be shared (site-layout's Cache-Control,
 * the server's page cache).
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /(^|;\s*)(__Secure-)?carwash\.session_token=/.test(cookieHeader ?? "");
}
