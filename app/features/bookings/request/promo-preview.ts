import { PROMO_CODE, promoDiscountCents } from "../bookings.schema";

/** What the form shows before sending: the WASH5 discount on the package's price, as the server will compute it. */
export function priceWithPromoPreview(price: number | null, code: string): { discount: number; final: number } | null {
  if (price === null || code.trim().toUpperCase() !== PROMO_CODE) return null;
  const cents = Math.round(price * 100);
  const discount = promoDiscountCents(cents, code);
  return { discount: discount / 100, final: (cents - discount) / 100 };
}
