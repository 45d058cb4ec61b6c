import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { useHydrated } from "~/lib/use-hydrated";
import { useLocalePath } from "~/lib/i18n/use-locale";

/** What accepting an offer answers (POST /api/waitlist/offers/{token}/accept): the booking made. */
interface Accepted {
  acknowledged: boolean;
  insertedId: string;
  manageToken: string;
}

/**
 * The offer page's two taps: "Book this place" books the held place and opens the booking's
 * confirmation page (nothing to type); "No thanks" asks first (it cannot be undone, and takes them
 * off the day's list), then passes the place to the next person, and the page (read again) says
 * so. The e-mail's "No thanks" link opens the page with the question asked (`askDecline`). A
 * refusal (the hold lapsed meanwhile) shows here, and the page is read again.
 */
export function OfferActions({
  token,
  place,
  askDecline = false,
}: {
  token: string;
  place: string;
  askDecline?: boolean;
}) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const localePath = useLocalePath();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(askDecline);
  const api = `/api/waitlist/offers/${token}`;

  async function act(action: "accept" | "decline") {
    setBusy(action);
    setError(null);
    try {
      if (action === "accept") {
        const booked = await apiFetch<Accepted>(`${api}/accept`, { method: "POST", json: {} });
        await navigate(localePath(`/booking/manage/${booked.manageToken}?new=1`));
        return;
      }
      await apiFetch(`${api}/decline`, { method: "POST", json: {} });
      setAsking(false);
      await revalidator.revalidate();
    } catch (thrown) {
      setAsking(false);
      setError(apiErrorMessage(thrown, t`Please try again in a moment.`));
      await revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mt-6">
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={!hydrated || busy !== null}
          onClick={() => void act("accept")}
          className={buttonClass({ size: "xl", block: true }) + " sm:w-auto"}
        >
          {busy === "accept" ? t`Booking…` : t`Book this place`}
        </button>
        <button
          type="button"
          disabled={!hydrated || busy !== null}
          onClick={() => setAsking(true)}
          className={buttonClass({ variant: "secondary", size: "xl", block: true }) + " sm:w-auto"}
        >
          <Trans>No thanks</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={asking && hydrated}
        title={t`Pass this place on?`}
        description={t`We'll offer ${place} to the next person on the list, and you'll leave the waitlist for this day. This can't be undone.`}
        confirmLabel={t`Yes, pass it on`}
        busyLabel={t`Passing it on…`}
        busy={busy === "decline"}
        closeLabel={t`Keep it`}
        onConfirm={() => void act("decline")}
        onClose={() => busy === null && setAsking(false)}
      />
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-900">
          {error}
        </p>
      )}
    </div>
  );
}
