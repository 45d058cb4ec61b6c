import { mailI18n } from "../mail/mail-i18n";
import type { Locale } from "~/lib/i18n/locale";

/**
 * The API's messages a customer's page shows (issue 49): the booking form's and the waitlist's
 * field errors and the specification's fixed refusals. Each text is its own message id (the
 * English stays byte for byte the product's text); they live in the e-mails' catalog, the server's
 * only one (lingui.config.ts). A message not listed here (one with a number in it, a staff-only
 * refusal) is answered in English.
 */
export const API_MESSAGES = [
  /*i18n*/ "Please check the highlighted fields.",
  /*i18n*/ "That time slot is full. Please choose another.",
  /*i18n*/ "That time slot has already started. Please choose another.",
  /*i18n*/ "That service doesn't fit before closing. Please choose an earlier time.",
  /*i18n*/ "We're closed on that date. Please choose another.",
  /*i18n*/ "This link has expired or is not valid. You can still book below.",
  /*i18n*/ "You're already on the waitlist for this day. We'll e-mail you if a place frees up.",
  /*i18n*/ "This visit has already happened.",
  /*i18n*/ "Already cancelled",
  /*i18n*/ "This booking was cancelled.",
  /*i18n*/ "Full name is required",
  /*i18n*/ "Use letters, spaces and punctuation only",
  /*i18n*/ "At most 100 characters",
  /*i18n*/ "Phone number is required",
  /*i18n*/ "Enter a valid phone number",
  /*i18n*/ "Email is required",
  /*i18n*/ "Provide a valid email",
  /*i18n*/ "Select vehicle type",
  /*i18n*/ "Enter a year such as 2019",
  /*i18n*/ "Year must be 1980 or newer",
  /*i18n*/ "Choose a service",
  /*i18n*/ "Choose a package",
  /*i18n*/ "Select a date",
  /*i18n*/ "Choose today or a later date",
  /*i18n*/ "Select a time slot",
  /*i18n*/ "Choose the arrival windows that would do",
  /*i18n*/ "This promo code isn't valid.",
  /*i18n*/ "You have already used this code.",
  /*i18n*/ "This code can't be applied to this booking.",
  /*i18n*/ "Promo codes apply to a priced service: choose a service to use it.",
  /*i18n*/ "Please log in.",
] as const;

const LISTED = new Set<string>(API_MESSAGES);

/** An API message in the request's language: Spanish for a listed message, else the text as it is. */
export function apiMessageIn(locale: Locale, message: string): string {
  return locale === "es" && LISTED.has(message) ? mailI18n("es")._(message) : message;
}

/** A field error's messages in the request's language. */
export function apiFieldsIn(locale: Locale, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, apiMessageIn(locale, message)]));
}
