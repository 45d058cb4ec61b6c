import { phoneSearchDigits } from "~/lib/phone-search";

/**
 * What a search for a booking may be, read from what a caller quotes: the reference printed on the
 * confirmation ("B09AEDC6", "#b09aedc6") and a phone number, or part of one, in any of its written
 * forms (~/lib/phone-search.ts: the rule the counter's "Find a customer" follows too). Anything
 * else (a name, part of an e-mail) is looked for as text. Browser-safe.
 */

/** The reference: the id's last 8 hex characters, in any case, with or without a leading '#'. */
const REFERENCE = /^#?([0-9a-f]{8})$/i;
/** A whole national number: its digits decide, and the text as written would only find it again. */
const NATIONAL_DIGITS = 10;

export interface SearchTerms {
  /** The id's last 8 characters, lower case as ids are stored. */
  reference?: string;
  /** Looked for anywhere in a booking's phone digits. */
  phoneDigits?: string;
  /** Looked for anywhere in the name, phone and e-mail; absent for a whole phone number (its digits decide). */
  text?: string;
}

export function searchTerms(q: string): SearchTerms {
  const terms: SearchTerms = {};
  const text = q.trim();
  const reference = REFERENCE.exec(text)?.[1];
  if (reference) terms.reference = reference.toLowerCase();
  const digits = phoneSearchDigits(text);
  if (digits) terms.phoneDigits = digits;
  if (!(digits && digits.length >= NATIONAL_DIGITS)) terms.text = text;
  return terms;
}
