import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { loginPath } from "~/lib/safe-redirect";
import { useRootData } from "./root-data";

/** The signed-in user as the server rendered the page (no flash of the wrong header). */
export function useSessionUser() {
  return useRootData()?.user ?? null;
}

/** Logs out, then goes to `to`; `loggingOut` drives the 'Logging out…' state. */
export function useLogout() {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  async function logout(to = "/login") {
    setLoggingOut(true);
    try {
      // The API client loads when it is needed: every public page's header holds this hook.
      const { signOut } = await import("~/lib/api-client");
      await signOut();
      await navigate(to, { replace: true });
    } finally {
      setLoggingOut(false);
    }
  }
  return { loggingOut, logout };
}

/** The login page, set to come back to this page afterwards. */
export function useLoginLink(): string {
  const { pathname, search } = useLocation();
  return pathname === "/login" ? "/login" : loginPath(pathname + search);
}

/** Everything a header or footer needs to show Login or Logout. */
export function useSessionControls() {
  return { user: useSessionUser(), loginLink: useLoginLink(), ...useLogout() };
}
