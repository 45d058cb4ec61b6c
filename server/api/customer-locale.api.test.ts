import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, giftCards, memberships, users, waitlistEntries } from "~/.server/db/schema";
import { callAs, jsonPost, signUp, signUpAs, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { PAGE_LANGUAGE_HEADER } from "~/lib/page-locale";

/**
 * Issue 49: the customer's language is stored with what they book or buy, from the request
 * ("locale"), else a member's own setting, else English; a member changes that setting.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000" } });
const db = () => t.database.db;
let staff: TestAccount;
let manager: TestAccount;

const book = (who: TestAccount | null, extra: object) =>
  callAs(t, who, "/api/bookings", jsonPost(buildBookingRequest({ ...(who && { email: who.email }), ...extra })));
const bookingLocale = async (id: string) =>
  (await db().select({ locale: bookings.locale }).from(bookings).where(eq(bookings.id, id)))[0]!.locale;

beforeAll(async () => {
  [staff, manager] = await Promise.all([signUpAs(t, "staff"), signUpAs(t, "manager")]);
});

describe("a booking's language", () => {
  it("is the request's, English without one, and anything else is refused", async () => {
    const spanish = await book(null, { locale: "es" });
    expect(spanish.status).toBe(201);
    expect(await bookingLocale(spanish.body.insertedId)).toBe("es");
    const plain = await book(null, {});
    expect(await bookingLocale(plain.body.insertedId)).toBe("en");
    expect((await book(null, { locale: "fr" })).body.error).toMatchObject({
      code: "validation_failed",
      fields: { locale: 'locale must be "en" or "es"' },
    });
  });

  it("is a member's setting when the request names none, and the request's when it does", async () => {
    const member = await signUp(t);
    expect(await callAs(t, member, "/api/me/language")).toEqual({ status: 200, body: { locale: "en" } });
    const put = (body: unknown) => callAs(t, member, "/api/me/language", jsonPost(body, { method: "PUT" }));
    expect(await put({ locale: "es" })).toEqual({ status: 200, body: { locale: "es" } });
    expect((await put({ locale: "de" })).status).toBe(400);
    expect((await callAs(t, null, "/api/me/language")).status).toBe(401);
    expect((await db().select({ locale: users.locale }).from(users).where(eq(users.id, member.id)))[0]).toEqual({
      locale: "es",
    });
    expect(await bookingLocale((await book(member, {})).body.insertedId)).toBe("es");
    expect(
      await bookingLocale((await book(member, { locale: "en", preferredTimeSlot: "11:00–13:00" })).body.insertedId),
    ).toBe("en");
  });
});

describe("a new account's language", () => {
  const signUpFrom = (email: string, language?: string) => {
    const body = jsonPost({ name: "Mateo Ruiz", email, password: "lavado-y-cera" });
    return t.request("/api/auth/sign-up/email", {
      ...body,
      headers: { ...(body.headers as Record<string, string>), ...(language && { [PAGE_LANGUAGE_HEADER]: language }) },
    });
  };
  const accountLocale = async (email: string) =>
    (await db().select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;

  it("is Spanish for a sign-up from a Spanish page, English from any other", async () => {
    expect((await signUpFrom("mateo@example.com", "es")).status).toBe(200);
    expect(await accountLocale("mateo@example.com")).toBe("es");
    expect((await signUpFrom("matt@example.com")).status).toBe(200);
    expect(await accountLocale("matt@example.com")).toBe("en");
    // Only the page's own header says so, and only "es" of it.
    expect((await signUpFrom("matthieu@example.com", "fr")).status).toBe(200);
    expect(await accountLocale("matthieu@example.com")).toBe("en");
  });

  it("is not the sign-up body's to choose (the setting is PUT /api/me/language's)", async () => {
    const answer = await t.request(
      "/api/auth/sign-up/email",
      jsonPost({ name: "Ana", email: "ana@example.com", password: "lavado-y-cera", locale: "es" }),
    );
    expect([200, 400]).toContain(answer.status);
    expect(await accountLocale("ana@example.com")).not.toBe("es");
  });
});

describe("the language of what else a customer gets e-mails for", () => {
  it("is stored with a waitlist entry, its request (its offer's booking) included", async () => {
    const { preferredTimeSlot: _, ...body } = buildBookingRequest({ email: "espera@example.com" });
    const joined = await callAs(t, null, "/api/waitlist", jsonPost({ ...body, slots: [], locale: "es" }));
    expect(joined.status).toBe(201);
    const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, joined.body.insertedId));
    expect(entry).toMatchObject({ locale: "es", request: { locale: "es" } });
  });

  it("is stored with a gift card and a Wash Club membership sold at the counter", async () => {
    const card = await callAs(
      t,
      staff,
      "/api/gift-cards",
      jsonPost({ amount: 20, email: "regalo@example.com", locale: "es", payment: { method: "cash", amount: 20 } }),
    );
    expect(card.status).toBe(201);
    expect((await db().select().from(giftCards).where(eq(giftCards.id, card.body.insertedId)))[0]!.locale).toBe("es");

    const put = jsonPost({ price: 25, minutes: 30 }, { method: "PUT" });
    expect((await callAs(t, manager, "/api/service-prices/Hand%20Wash", put)).status).toBe(200);
    const plan = await callAs(
      t,
      manager,
      "/api/membership-plans",
      jsonPost({ name: "Club", kind: "unlimited", price: 20, period: "month", covers: ["Hand Wash"] }),
    );
    const sale = {
      planId: plan.body._id,
      name: "Rosa Díaz",
      email: "rosa@example.com",
      payment: { method: "cash", amount: 20 },
    };
    const sold = await callAs(t, staff, "/api/memberships", jsonPost({ ...sale, locale: "es" }));
    expect(sold.status).toBe(201);
    expect((await db().select().from(memberships).where(eq(memberships.id, sold.body.insertedId)))[0]!.locale).toBe(
      "es",
    );
    expect((await callAs(t, staff, "/api/memberships", jsonPost({ ...sale, locale: "pt" }))).status).toBe(400);
  });
});
