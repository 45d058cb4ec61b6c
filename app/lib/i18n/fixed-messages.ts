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
};

export function fixedMessage(text: string): MessageDescriptor {
  return FIXED[text] ?? { id: text, message: text };
}
