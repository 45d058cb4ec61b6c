import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import { useToast, type Toast } from "~/components/ui/toast";
import type { AuthFailure } from "./auth-messages";
import { authCall } from "./auth-request";

type SessionEndpoint = "sign-in/email" | "sign-up/email" | "two-factor/verify-totp" | "two-factor/verify-backup-code";

interface SessionSubmit<T> {
  endpoint: SessionEndpoint;
  /** Where the visitor goes once signed in (already checked to be our own page). */
  redirectTo: string;
  failure: { title: string; message: (failure: AuthFailure) => string };
  /** The success toast stays its time before the page changes (docs/specification-quirks.md §11). */
  success: { title: string; duration: number };
  /** What to read on the next page, for longer than the success toast (sign-up: check your e-mail). */
  next?: (values: T) => Toast;
  /** Told of each refusal, after its toast (sign-up: an address already registered, with ways on). */
  onRefused?: (failure: AuthFailure, values: T) => void;
  /** The password was right and the account has two-factor sign-in: no session yet, the code comes next. */
  onCodeAsked?: () => void;
}

/**
 * The submit handler of the forms that start a session (log in, sign up, the sign-in's code):
 * better-auth's refusal as an error toast; on success, back to where the visitor came from, and
 * the root data (who is signed in) read again.
 */
export function useSessionSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  { endpoint, redirectTo, failure, success, next, onRefused, onCodeAsked }: SessionSubmit<T>,
) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  return form.handleSubmit(async (values) => {
    const answer = await authCall(endpoint, values);
    if (!answer.ok) {
      void toast({ title: failure.title, description: failure.message(answer.failure), tone: "error" });
      onRefused?.(answer.failure, values);
      return;
    }
    if (answer.data.twoFactorRedirect === true && onCodeAsked) return onCodeAsked();
    await toast({ title: success.title, tone: "success", duration: success.duration });
    await navigate(redirectTo, { replace: true });
    void revalidator.revalidate();
    if (next) void toast(next(values));
  });
}
