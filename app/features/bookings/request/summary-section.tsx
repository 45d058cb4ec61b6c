import { useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { SubmitButton } from "~/components/ui/client-form";
import { buttonClass } from "~/components/ui/button";
import type { Arrival } from "../bookings.schema";
import { BookingSummary } from "./booking-summary";
import { SUMMARY_ASIDE_ID } from "./summary-aside";
import type { VisitQuote } from "./use-visit-quote";

const noChanges = () => () => undefined;
/**
 * The page's place for the running total beside the form (summary-aside.ts), if it has one; without
 * one (home, /booking, the package page), or below lg, the summary stays above the button.
 */
const asideNow = () => document.getElementById(SUMMARY_ASIDE_ID);

/**
 * The end of the form: the server's quote (the lines, the total, when the car should be ready) and
 * the button, which joins the waitlist while its panel is open; on the package page without an
 * account, why it cannot be pressed.
 */
export function SummarySection({
  vehicleType,
  service,
  quote,
  date,
  slot,
  arrival,
  busy,
  waiting,
  isPackage,
  blocked,
}: {
  vehicleType: string;
  service: string;
  quote: VisitQuote;
  date: string;
  slot: string;
  /** When the car must arrive in the chosen slot, as availability offers it. */
  arrival?: Arrival;
  busy: boolean;
  waiting: boolean;
  isPackage: boolean;
  blocked: boolean;
}) {
  // Found once hydrated: the server's HTML has the summary above the button, as before.
  const aside = useSyncExternalStore(noChanges, asideNow, () => null);
  const { t } = useLingui();
  const summary = (
    <BookingSummary
      vehicleType={vehicleType}
      service={service}
      visit={quote}
      date={date}
      slot={slot}
      arrival={arrival}
    />
  );
  return (
    <div className="sm:col-span-2">
      {aside ? (
        <>
          <div className="lg:hidden">{summary}</div>
          {createPortal(summary, aside)}
        </>
      ) : (
        summary
      )}
      <SubmitButton
        busy={busy}
        busyLabel={waiting ? t`Joining…` : t`Submitting…`}
        disabled={blocked}
        title={blocked ? t`Please log in to book` : undefined}
        aria-describedby={blocked ? "booking-login-hint" : undefined}
        className={`mt-4 ${buttonClass({ size: "xl", block: true })} sm:w-auto`}
      >
        {waiting ? t`Join the waitlist` : isPackage ? t`Confirm Booking` : t`Send booking request`}
      </SubmitButton>
      {blocked && (
        <p id="booking-login-hint" className="mt-2 text-sm text-slate-700">
          {t`Please log in to book, or book as a guest: the links are at the top of this page.`}
        </p>
      )}
    </div>
  );
}
