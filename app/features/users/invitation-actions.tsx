import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { apiErrorMessage, apiFetch, signOut } from "~/lib/api-client";
import type { Role } from "~/lib/roles";
import { loginPath, signupPath } from "~/lib/safe-redirect";
import { useHydrated } from "~/lib/use-hydrated";
import { ROLE_WORDS } from "./role-words";

/** A visitor: sign up or log in with the invited address, then back to this page (the redirect parameter). */
export function SignInToAccept({ email, here }: { email: string; here: string }) {
  return (
    <div className="mt-6">
      <p className="text-slate-800">
        To accept, sign up or log in with <strong className="break-words">{email}</strong>. You'll come back here to
        accept.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link
          to={`${signupPath(here)}&email=${encodeURIComponent(email)}`}
          className={`${buttonClass({ size: "xl", block: true })} text-center sm:w-auto`}
        >
          Sign up
        </Link>
        <Link
          to={loginPath(here)}
          className={`${buttonClass({ variant: "secondary", size: "xl", block: true })} text-center sm:w-auto`}
        >
          Log in
        </Link>
      </div>
    </div>
  );
}

/** The invitee, signed in: one button makes the role theirs; the page is read again and says so. */
export function AcceptInvitation({ token, role }: { token: string; role: Role }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/invitations/${token}/accept`, { method: "POST", json: {} });
    } catch (thrown) {
      setError(apiErrorMessage(thrown, "Please try again in a moment."));
    }
    await revalidator.revalidate();
    setBusy(false);
  }

  return (
    <div className="mt-6">
      <button
        type="button"
        disabled={!hydrated || busy}
        onClick={() => void accept()}
        className={`${buttonClass({ size: "xl", block: true })} sm:w-auto`}
      >
        {busy ? "Accepting…" : `Accept and join as ${ROLE_WORDS[role]}`}
      </button>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-900">
          {error}
        </p>
      )}
    </div>
  );
}

/** Signed in with another address: said in words, with the way to switch accounts. */
export function WrongAccount({ message, here }: { message: string; here: string }) {
  const hydrated = useHydrated();
  return (
    <div className="mt-6">
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900">
        {message}
      </p>
      <button
        type="button"
        disabled={!hydrated}
        onClick={async () => {
          await signOut();
          window.location.assign(loginPath(here));
        }}
        className={`mt-4 ${buttonClass({ variant: "secondary", size: "lg", block: true })} sm:w-auto`}
      >
        Log out and switch account
      </button>
    </div>
  );
}
