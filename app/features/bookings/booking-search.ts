/**
 * What a search for a booking may be, read from what a caller quotes: the reference printed on the
 * confirmation ("B09AEDC6", "#b09aedc6") and a phone number in any of its written forms. Anything
 * else (a name, part of an e-mail or of a number) is looked for as text. Browser-safe.
 */

/** The reference: the id's last 8 hex characters, in any case, with or without a leading '#'. */
const REFERENCE = /^#?([0-9a-f]{8})$/i;
/** What people write between a phone number's digits; a leading '+' starts a country code. */
const PHONE_SEPARATORS = /[\s\-().]/g;
/** Fewer digits than this are a fragment ("0199"), searched as text; seven make a local number. */
const PHONE_MIN_DIGITS = 7;
/** The shop's country code (North America), which a number may be written with or without. */
const COUNTRY_CODE = "1";
const NATIONAL_DIGITS = 10;

export interface SearchTerms {
  /** The id's last 8 characters, lower case as ids are stored. */
  reference?: string;
  /** Every digits-only form the number may be stored as: with and without the country code. */
  phoneDigits?: string[];
  /** Looked for anywhere in the name, phone and e-mail; absent for a whole phone number (its digits decide). */
  text?: string;
}

export function searchTerms(q: string): SearchTerms {
  const terms: SearchTerms = {};
  const text = q.trim();
  const reference = REFERENCE.exec(text)?.[1];
  if (reference) terms.reference = reference.toLowerCase();
  const phone = /^\+?(\d+)$/.exec(q.replace(PHONE_SEPARATORS, ""))?.[1];
  if (phone && phone.length >= PHONE_MIN_DIGITS) {
    const national = phone.length === NATIONAL_DIGITS + 1 && phone.startsWith(COUNTRY_CODE) ? phone.slice(1) : phone;
    terms.phoneDigits =
      national.length === NATIONAL_DIGITS ? [national, COUNTRY_CODE + national] : [...new Set([phone, national])];
  }
  if (!(phone && phone.length >= NATIONAL_DIGITS)) terms.text = text;
  return terms;
}
