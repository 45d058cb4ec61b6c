import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

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
  "We're closed on that date. Please choose another.": msg`We're closed on that date. Please choose another.`,
};

export function fixedMessage(text: string): MessageDescriptor {
  return FIXED[text] ?? { id: text, message: text };
}
