import { useState } from "react";
import { useRevalidator } from "react-router";
import { apiErrorMessage } from "~/lib/api-client";
import { useToast } from "./toast";
import { useFailureToast } from "./use-failure-toast";

interface ApiActionOptions {
  /**
   * The failure toast's title. Without one the failure is `error` instead, for the caller to show
   * in place (inside a modal dialog, where a toast would sit behind the backdrop).
   */
  failureToast?: string;
  /** The failure's text when the API gives none. */
  fallback?: string;
}

/** What succeeded, for the success toast. */
export interface ApiActionSuccess {
  title: string;
  description: string;
}

/**
 * A button's API call outside a form (useApiSubmit is for forms): `busy` while it runs, a success
 * toast and fresh loader data after it, and its failure as a toast or as `error`.
 * `run(action)`: the action calls the API, does what success changes on screen (close a dialog,
 * clear a choice) and returns the toast's words; whatever it throws is the failure.
 */
export function useApiAction({ failureToast, fallback }: ApiActionOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const showFailure = useFailureToast();
  const revalidator = useRevalidator();

  /** Resolves true when the action succeeded. */
  async function run(action: () => Promise<ApiActionSuccess>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const success = await action();
      void toast({ ...success, tone: "success" });
      await revalidator.revalidate();
      return true;
    } catch (thrown) {
      if (failureToast) showFailure(thrown, failureToast, fallback);
      else setError(apiErrorMessage(thrown, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}
