import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";

/**
 * The specification's fixed messages as the schemas, better-auth and the API word them (in English:
 * the API answers English, and the server's modules take no macro), each with its message, so a
 * form on a Spanish page shows it in Spanish. Keyed by the English text: app/lib imports no feature.
 * A message not listed shows as it came.
 */
const FIXED: Record<string, MessageDescriptor> = {
  "Email is required": msg`Email is required`,
  "Please enter a valid email address.": msg`Please enter a valid email address.`,
  "Password is required": msg`Password is required`,
  "Password must be at least 6 characters.": msg`Password must be at least 6 characters.`,
  "Password must be at most 128 characters.": msg`Password must be at most 128 characters.`,
  "The passwords don't match.": msg`The passwords don't match.`,
  "Name is required": msg`Name is required`,
  "Too many attempts. Please wait a minute and try again.": msg`Too many attempts. Please wait a minute and try again.`,
  "This email is already registered.": msg`This email is already registered.`,
  "Please try again.": msg`Please try again.`,
  "Invalid email or password": msg`Invalid email or password`,
  // The sign-in code's (auth-messages.ts twoFactorFailureMessage, security.schema.ts codeSchema).
  "That code is not right. Enter the newest code from your app.": msg`That code is not right. Enter the newest code from your app.`,
  "That backup code is not right, or it was used already.": msg`That backup code is not right, or it was used already.`,
  "Your sign-in has ended. Please log in again.": msg`Your sign-in has ended. Please log in again.`,
  "Too many wrong codes. Please try again in 15 minutes.": msg`Too many wrong codes. Please try again in 15 minutes.`,
  "Enter the code": msg`Enter the code`,
  "That code is too long": msg`That code is too long`,
  // The review form's (reviews.schema.ts).
  "Choose a rating from 1 to 5 stars": msg`Choose a rating from 1 to 5 stars`,
  "Write your comment as text": msg`Write your comment as text`,
  "Keep your comment under 1,000 characters": msg`Keep your comment under 1,000 characters`,
  "You have already reviewed this visit. Thank you!": msg`You have already reviewed this visit. Thank you!`,
  "This visit is not finished yet: you can review it once you have collected your car.": msg`This visit is not finished yet: you can review it once you have collected your car.`,
  // The booking request's (bookings.schema.ts), as the booking form checks it before sending.
  "Full name is required": msg`Full name is required`,
  "Use letters, spaces and punctuation only": msg`Use letters, spaces and punctuation only`,
  "Use letters, numbers and punctuation only": msg`Use letters, numbers and punctuation only`,
  "Phone number is required": msg`Phone number is required`,
  "Enter a valid phone number": msg`Enter a valid phone number`,
  "Provide a valid email": msg`Provide a valid email`,
  "Select vehicle type": msg`Select vehicle type`,
  "Enter a year such as 2019": msg`Enter a year such as 2019`,
  "Year must be 1980 or newer": msg`Year must be 1980 or newer`,
  "Choose a service": msg`Choose a service`,
  "Choose a package": msg`Choose a package`,
  "Choose one of the oils we use.": msg`Choose one of the oils we use.`,
  "Choose one of your vehicles": msg`Choose one of your vehicles`,
  "Choose add-ons from the list": msg`Choose add-ons from the list`,
  "Select a date": msg`Select a date`,
  "Choose today or a later date": msg`Choose today or a later date`,
  "Select a time slot": msg`Select a time slot`,
  "Choose the arrival windows that would do": msg`Choose the arrival windows that would do`,
  "Tick a time that would do, or Any time that day.": msg`Tick a time that would do, or Any time that day.`,
  "We couldn't reach the server. Check your connection and try again.": msg`We couldn't reach the server. Check your connection and try again.`,
  "Please try again later.": msg`Please try again later.`,
  "This link has expired or is not valid. You can still book below.": msg`This link has expired or is not valid. You can still book below.`,
  "We're closed on that date. Please choose another.": msg`We're closed on that date. Please choose another.`,
};

/** Fixed messages with a number in them ("At most 40 characters"), by their English form. */
const WITH_NUMBER: [RegExp, (n: string) => MessageDescriptor][] = [
  [/^At most (\d+) characters$/, (max) => msg`At most ${max} characters`],
  [/^Year must be ≤ (\d+)$/, (year) => msg`Year must be ≤ ${year}`],
  // The sign-in refusal of an account that failed too often (auth-messages.ts accountSignInsLimitedMessage).
  [
    /^Too many sign-in attempts for this account\. Please try again in (\d+) minutes?\.$/,
    (minutes) =>
      msg`Too many sign-in attempts for this account. Please try again in ${plural(Number(minutes), { one: "# minute", other: "# minutes" })}.`,
  ],
];

export function fixedMessage(text: string): MessageDescriptor {
  const fixed = FIXED[text];
  if (fixed) return fixed;
  for (const [pattern, message] of WITH_NUMBER) {
    const number = pattern.exec(text)?.[1];
    if (number) return message(number);
  }
  return { id: text, message: text };
}
