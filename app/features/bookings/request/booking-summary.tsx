import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import { priceWithPromoPreview } from "./promo-preview";
import { arrivalWindow, friendlyDate } from "../visit-text";

/**
 * What the customer is about to ask for, in one line above the button: the service or package,
 * its length (as the server judged it for the slots), the price after WASH5, and the day and time.
 */
export function BookingSummary({
  service,
  booked,
  minutes,
  date,
  slot,
  promo,
}: {
  service: string;
  booked?: { name: string; price: number | null };
  minutes?: number;
  date: string;
  slot: string;
  promo: string;
}) {
  const what = booked ? booked.name : service;
  if (!what) return null;
  const preview = booked ? priceWithPromoPreview(booked.price, promo) : null;
  const price = booked?.price != null ? formatPrice(preview ? preview.final : booked.price) : null;
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
