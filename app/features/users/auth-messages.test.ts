import { describe, expect, it } from "vitest";
import {
  ACCOUNT_SIGN_INS_LIMITED,
  accountSignInsLimitedMessage,
  logInFailureMessage,
  signUpFailureMessage,
} from "./auth-messages";

describe("signUpFailureMessage", () => {
  it.each([
    [
      { status: 422, code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "User already exists" },
      "This email is already registered.",
    ],
    [{ status: 400, code: "INVALID_EMAIL" }, "Please enter a valid email address."],
    [
      { status: 400, code: "VALIDATION_ERROR", message: "[body.email] Invalid email address" },
      "Please enter a valid email address.",
    ],
    [
      { status: 400, code: "PASSWORD_TOO_SHORT", message: "Password too short" },
      "Password must be at least 6 characters.",
    ],
    [{ status: 400, code: "EMAIL_PASSWORD_SIGN_UP_DISABLED" }, "Email/Password sign-in is disabled for this project."],
    [{ status: 429 }, "Too many attempts. Please wait a minute and try again."],
    [{ status: 500, message: "Database on fire" }, "Database on fire"],
    [{ status: 0 }, "Please try again."],
  ])("%j → %s", (failure, text) => {
    expect(signUpFailureMessage(failure)).toBe(text);
  });
});

describe("logInFailureMessage", () => {
  it("passes the server's words on, or asks to try again", () => {
    expect(logInFailureMessage({ status: 401, message: "Invalid email or password" })).toBe(
      "Invalid email or password",
    );
    expect(logInFailureMessage({ status: 0 })).toBe("Please try again.");
    expect(logInFailureMessage({ status: 429, message: "Too many requests" })).toMatch(/Too many attempts/);
  });

  it("says how long an account's own refusal lasts", () => {
    const message = accountSignInsLimitedMessage(14 * 60 + 1);
    expect(message).toBe("Too many sign-in attempts for this account. Please try again in 15 minutes.");
    expect(logInFailureMessage({ status: 429, code: ACCOUNT_SIGN_INS_LIMITED, message })).toBe(message);
    expect(accountSignInsLimitedMessage(30)).toMatch(/in 1 minute\.$/);
  });
});
