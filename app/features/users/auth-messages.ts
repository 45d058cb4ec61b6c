/** better-auth's error answers, as the specification words them for people (docs/specification-quirks.md §11). */
export interface AuthFailure {
  status: number;
  code?: string;
  message?: string;
}

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

/** better-auth's error-code form, for the sign-in refusal of an account that failed too often lately. */
export const ACCOUNT_SIGN_INS_LIMITED = "TOO_MANY_SIGN_IN_ATTEMPTS_FOR_ACCOUNT";

export function accountSignInsLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts for this account. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** Sign-up refused because the address has an account: the page offers to log in or reset the password. */
export const isAlreadyRegistered = ({ code }: AuthFailure) => code?.startsWith("USER_ALREADY_EXISTS") === true;

export function signUpFailureMessage({ status, code, message }: AuthFailure): string {
  if (status === 429) return TOO_MANY;
  if (isAlreadyRegistered({ status, code })) return "This email is already registered.";
  if (code === "INVALID_EMAIL" || (code === "VALIDATION_ERROR" && /email/i.test(message ?? ""))) {
    return "Please enter a valid email address.";
  }
  if (code === "PASSWORD_TOO_SHORT") return "Password must be at least 6 characters.";
  if (code === "EMAIL_PASSWORD_SIGN_UP_DISABLED" || code === "EMAIL_PASSWORD_DISABLED") {
    return "Email/Password sign-in is disabled for this project.";
  }
  return message || "Please try again.";
}

export function logInFailureMessage({ status, code, message }: AuthFailure): string {
  // The account's refusal says how long it lasts; a refusal per address is a minute.
  if (status === 429) return (code === ACCOUNT_SIGN_INS_LIMITED && message) || TOO_MANY;
  return message || "Please try again.";
}

/** A code refused at sign-in or while turning two-factor sign-in on or off, in plain words. */
export function twoFactorFailureMessage({ status, code, message }: AuthFailure): string {
  if (status === 429) return (code === ACCOUNT_SIGN_INS_LIMITED && message) || TOO_MANY;
  switch (code) {
    case "INVALID_CODE":
      return "That code is not right. Enter the newest code from your app.";
    case "INVALID_BACKUP_CODE":
      return "That backup code is not right, or it was used already.";
    case "INVALID_PASSWORD":
      return "That password is not right.";
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return "Your sign-in has ended. Please log in again.";
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return "Too many wrong codes. Please try again in 15 minutes.";
    default:
      return message || "Please try again.";
  }
}
