import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { useHydrated } from "~/lib/use-hydrated";

/** The leave page's one button (POST /api/waitlist/leave/{token}); the page, read again, says what is now so. */
export function LeaveAction({ token, label }: { token: string; label: string }) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useLingui();

  async function leave() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/waitlist/leave/${token}`, { method: "POST", json: {} });
      await revalidator.revalidate();
    } catch (thrown) {
      setError(apiErrorMessage(thrown, t`Please try again in a moment.`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        disabled={!hydrated || busy}
        onClick={() => void leave()}
        className={`mt-8 ${buttonClass({ size: "lg" })}`}
      >
        {busy ? t`Leaving…` : label}
      </button>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-900">
          {error}
        </p>
      )}
    </>
  );
}
