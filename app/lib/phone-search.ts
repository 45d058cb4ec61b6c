/**
 * THE ONE RULE by which the admins' searches find a phone number (Manage Bookings, the counter's
 * "Find a customer" and Customers): a query written as a phone number, in any of its forms ("555
 * 0135", "5550135", "(212) 555-0135", "+1 212.555.0135"), is looked for by its digits alone,
 * anywhere in a stored number's digits, however that number was typed. Browser-safe.
 */

/** Digits and what people write between them; a leading '+' starts a country code. */
const WRITTEN_AS_PHONE = /^\+?[\d\s\-().]+$/;
/** Fewer digits than this are looked for as text only (an index of trigrams needs three). */
export const PHONE_SEARCH_MIN_DIGITS = 3;
/** The shop's country code (North America): a number may be stored with or without it. */
const COUNTRY_CODE = "1";
const NATIONAL_DIGITS = 10;

/**
 * The digits to look for in stored numbers' digits, or undefined when `q` is not written as a phone
 * number. A North American number said with its country code is looked for without it, which finds
 * it stored either way.
 */
export function phoneSearchDigits(q: string): string | undefined {
  const text = q.trim();
  if (!WRITTEN_AS_PHONE.test(text)) return undefined;
  const digits = text.replace(/\D/g, "");
  if (digits.length < PHONE_SEARCH_MIN_DIGITS) return undefined;
  return digits.length === NATIONAL_DIGITS + 1 && digits.startsWith(COUNTRY_CODE) ? digits.slice(1) : digits;
}
