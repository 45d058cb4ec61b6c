import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import { arrivalWindow, friendlyDate } from "../visit-text";

/**
 * What the customer is about to ask for, in one line above the button: the service or package,
 * its length (as the server judged it for the slots), the price after WASH5 (once the server has
 * checked the code), and the day and time.
 */
export function BookingSummary({
  service,
  booked,
  minutes,
  date,
  slot,
  finalPrice,
}: {
  service: string;
  booked?: { name: string; price: number | null };
  minutes?: number;
  date: string;
  slot: string;
  /** The price after a promo code the server has checked, if any. */
  finalPrice?: number;
}) {
  const what = booked ? booked.name : service;
  if (!what) return null;
  const price = booked?.price != null ? formatPrice(finalPrice ?? booked.price) : null;
  const when = date
    ? `${friendlyDate(date)}${slot ? `, ${slot === "Anytime" ? "any time" : arrivalWindow(slot)}` : ""}`
    : null;
  return (
    <p className="rounded-lg bg-slate-50 px-4 py-3 text-slate-800">
      <span className="font-semibold">Your booking: </span>
      {[what, minutes ? `about ${formatLength(minutes)}` : null, price, when].filter(Boolean).join(" · ")}
    </p>
  );
}
