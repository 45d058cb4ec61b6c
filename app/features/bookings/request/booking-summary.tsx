import { useId } from "react";
import { CONFIRMED_AT_SHOP } from "~/features/pricing/pricing.schema";
import { formatLength } from "~/lib/service-length";
import { PricedLines } from "../priced-lines";
import { slotHours, type Arrival } from "../bookings.schema";
import { arrivalText, friendlyDate, readyWhen } from "../visit-text";
import type { VisitQuote } from "./use-visit-quote";

const missingText = (vehicleType: string, service: string) =>
  !vehicleType && !service
    ? "Choose your vehicle type and a service"
    : !vehicleType
      ? "Choose your vehicle type"
      : "Choose a service";

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
  const { quote, pending, failure } = visit;
  const told = (slot && (arrival ?? slotHours(slot))) || null;
  const when = date
    ? `${friendlyDate(date)}${slot ? `, ${told ? `arrive ${arrivalText(told)}` : "any time"}` : ""}`
    : null;
  const ready = quote && told ? readyWhen({ arrival: told, minutes: quote.minutes }) : null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={pending || undefined}
      className="max-w-xl rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800"
    >
      <p id={`${id}-heading`} className="font-semibold text-slate-900">
        Your booking
      </p>
      {quote ? (
        <div className={`mt-2 transition-opacity ${pending ? "opacity-60" : ""}`}>
          <PricedLines
            lines={quote.lines}
            total={quote.total}
            // The vehicle's type is Other: the form cannot know what it is. The Wash Club's note says why
            // a member's visit is not covered (or that it uses a pack's last wash).
            note={
              [quote.confirmedAtShop ? `Price ${CONFIRMED_AT_SHOP}` : null, quote.note].filter(Boolean).join(" ") ||
              undefined
            }
          />
          <p className="mt-2 text-sm text-slate-700">
            Takes about {formatLength(quote.minutes)}
            {ready && (
              <>
                {" · "}
                <span className="font-semibold whitespace-nowrap text-slate-900">Ready {ready}</span>
              </>
            )}
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          {failure ?? (pending ? "Working out the price…" : `${missingText(vehicleType, service)} to see the price.`)}
        </p>
      )}
      {when && <p className="mt-1 text-sm text-slate-700">{when}</p>}
    </section>
  );
}
