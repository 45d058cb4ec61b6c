/** Where to go after signing in: only a path on this site, never another origin (open redirect). */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

export function loginPath(returnTo: string): string {
  return returnTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}
