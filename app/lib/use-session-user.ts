import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { signOut } from "~/lib/api-client";
import { loginPath } from "~/lib/safe-redirect";
import { can, type Job } from "./permissions";
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

/** Whether the signed-in person's role may do `job`: what a page shows (the server decides again). */
export function useCan(job: Job): boolean {
  return can(useSessionUser()?.role, job);
}
