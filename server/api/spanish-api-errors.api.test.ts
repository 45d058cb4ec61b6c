import { beforeAll, describe, expect, it } from "vitest";
import { CLOSED_DATE } from "~/features/bookings/bookings.schema";
import { PAGE_LANGUAGE_HEADER } from "~/lib/page-locale";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 49: the API answers the errors a customer's page shows in the request's language: its body's
 * "locale", or the page's X-Page-Language for a request without one. English stays as it was.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;
const book = (body: object, headers: Record<string, string> = {}) => {
  const init = jsonPost(buildBookingRequest(body));
  return callAs(t, null, "/api/bookings", { ...init, headers: { ...(init.headers as object), ...headers } });
};

beforeAll(async () => {
  admin = await signUpAdmin(t);
  expect((await callAs(t, admin, "/api/closed-dates", jsonPost({ date: inDays(9), reason: "Snow" }))).status).toBe(201);
});

describe("errors in the request's language", () => {
  it("a booking's field errors, in Spanish for locale es, in English without it", async () => {
    const spanish = await book({ fullName: "", vehicleType: "Boat", locale: "es" });
    expect(spanish.body.error).toEqual({
      code: "validation_failed",
      message: "Revisa los campos marcados.",
      fields: { fullName: "El nombre completo es obligatorio", vehicleType: "Elige el tipo de vehículo" },
    });
    const english = await book({ fullName: "", vehicleType: "Boat" });
    expect(english.body.error).toEqual({
      code: "validation_failed",
      message: "Please check the highlighted fields.",
      fields: { fullName: "Full name is required", vehicleType: "Select vehicle type" },
    });
  });

  it("the specification's fixed refusals, by the body's locale or the page's header", async () => {
    const closed = { preferredDate: inDays(9) };
    expect((await book({ ...closed, locale: "es" })).body.error.message).toBe(
      "Ese día estamos cerrados. Elige otra fecha, por favor.",
    );
    expect((await book(closed, { [PAGE_LANGUAGE_HEADER]: "es" })).body.error.message).toBe(
      "Ese día estamos cerrados. Elige otra fecha, por favor.",
    );
    expect((await book(closed)).body.error.message).toBe(CLOSED_DATE);
    // Without a body: the page's header.
    const signedOut = await callAs(t, null, "/api/me/language", { headers: { [PAGE_LANGUAGE_HEADER]: "es" } });
    expect(signedOut).toMatchObject({ status: 401, body: { error: { message: "Inicia sesión, por favor." } } });
    // The browser's own languages do not change an English page's answers.
    const browser = await callAs(t, null, "/api/me/language", { headers: { "Accept-Language": "es-MX,es" } });
    expect(browser.body.error.message).toBe("Please log in.");
  });
});
