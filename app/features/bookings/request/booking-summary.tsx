import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { formatClockSpan, clockMinutes } from "~/lib/opening-hours";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocale } from "~/lib/i18n/use-locale";
import { formatLength } from "~/lib/service-length";
import { PricedLines } from "../priced-lines";
import { slotHours, type Arrival } from "../bookings.schema";
import { friendlyDate, readyWhen } from "../visit-text";
import type { VisitQuote } from "./use-visit-quote";

/**
 * What the customer is about to ask for, above the button, as the server prices it (the quote):
 * the lines (the package or service for the vehicle's class, each add-on, WASH5), the total, how
 * long the visit takes and, once a slot is chosen, when the car should be ready; then the day and
 * time. Before the vehicle and the service are chosen, what is missing for a price.
 */
export function BookingSummary({
  vehicleType,
  service,
  visit,
  date,
  slot,
  arrival,
}: {
  vehicleType: string;
  service: string;
  visit: VisitQuote;
  date: string;
  slot: string;
  /** When the car must arrive in the chosen slot, as availability offers it to this visit (the slot's hours until read). */
  arrival?: Arrival;
}) {
  const id = useId();
  const { t } = useLingui();
  const locale = useLocale();
  const { quote, pending, failure } = visit;
  const told = (slot && (arrival ?? slotHours(slot))) || null;
  const day = date ? friendlyDate(date, locale) : "";
  const span = told ? formatClockSpan(clockMinutes(told.start), clockMinutes(told.end), "–", locale) : "";
  const when = date ? (slot ? (told ? t`${day}, arrive ${span}` : t`${day}, any time`) : day) : null;
  const ready = quote && told ? readyWhen({ arrival: told, minutes: quote.minutes }, locale) : null;
  const length = quote ? formatLength(quote.minutes, locale) : "";
  const missing =
    !vehicleType && !service
      ? t`Choose your vehicle type and a service to see the price.`
      : !vehicleType
        ? t`Choose your vehicle type to see the price.`
        : t`Choose a service to see the price.`;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={pending || undefined}
      className="max-w-xl rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800"
    >
      <p id={`${id}-heading`} className="font-semibold text-slate-900">
        {t`Your booking`}
      </p>
      {quote ? (
        <div className={`mt-2 transition-opacity ${pending ? "opacity-60" : ""}`}>
          <PricedLines
            lines={quote.lines}
            total={quote.total}
            // The vehicle's type is Other: the form cannot know what it is. The Wash Club's note says why
            // a member's visit is not covered (or that it uses a pack's last wash).
            note={
              [quote.confirmedAtShop ? t`Price confirmed at the shop` : null, quote.note].filter(Boolean).join(" ") ||
              undefined
            }
          />
          <p className="mt-2 text-sm text-slate-700">
            {t`Takes about ${length}`}
            {ready && (
              <>
                {" · "}
                <span className="font-semibold whitespace-nowrap text-slate-900">{t`Ready ${ready}`}</span>
              </>
            )}
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          {failure ? t(fixedMessage(failure)) : pending ? t`Working out the price…` : missing}
        </p>
      )}
      {when && <p className="mt-1 text-sm text-slate-700">{when}</p>}
    </section>
  );
}
