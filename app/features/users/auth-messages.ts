/** better-auth's error answers, as the specification words them for people (docs/decisions/008 §11). */
export interface AuthFailure {
  status: number;
  code?: string;
  message?: string;
}

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

export function signUpFailureMessage({ status, code, message }: AuthFailure): string {
  if (status === 429) return TOO_MANY;
  if (code?.startsWith("USER_ALREADY_EXISTS")) return "This email is already registered.";
  if (code === "INVALID_EMAIL" || (code === "VALIDATION_ERROR" && /email/i.test(message ?? ""))) {
    return "Please enter a valid email address.";
  }
  if (code === "PASSWORD_TOO_SHORT") return "Password must be at least 6 characters.";
  if (code === "EMAIL_PASSWORD_SIGN_UP_DISABLED" || code === "EMAIL_PASSWORD_DISABLED") {
    return "Email/Password sign-in is disabled for this project.";
  }
  return message || "Please try again.";
}

export function logInFailureMessage({ status, message }: AuthFailure): string {
  if (status === 429) return TOO_MANY;
  return message || "Please try again.";
}
