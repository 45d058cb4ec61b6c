import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, outbox } from "~/.server/db/schema";
import { callAs, jsonPost, signUp, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { writtenMessages } from "../../tests/outbox-mail";

/**
 * Issue 11, part 6: signing up with an address does not make its bookings yours. A new account sees
 * the bookings it made itself at once, and the ones made with its address as a visitor only once it
 * has opened the link e-mailed to that address. A new address needs the same proof again.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let planId: string;
/** Each booking on a day of its own: the slots' places are no part of this test. */
let day = 10;

beforeAll(async () => {
  const [plan] = await insertPlans(t.database.db, [buildPlan({ priceCents: 4000 })]);
  planId = plan!.id;
});

/** A visitor's contact-form booking with this address; its id. */
async function visitorBooking(email: string, days = day++): Promise<string> {
  const created = await callAs(
    t,
    null,
    "/api/bookings",
    jsonPost(buildBookingRequest({ email, preferredDate: inDays(days) })),
  );
  expect(created.status).toBe(201);
  return created.body.insertedId;
}

/** A package booking the account makes while signed in; its id. */
async function ownBooking(account: TestAccount, days = day++): Promise<string> {
  const created = await callAs(
    t,
    account,
    "/api/bookings",
    jsonPost(buildBookingRequest({ planId, preferredDate: inDays(days) })),
  );
  expect(created.status).toBe(201);
  return created.body.insertedId;
}

const listedIds = async (account: TestAccount) => {
  const list = await callAs(t, account, "/api/bookings");
  expect(list.status).toBe(200);
  return (list.body as { _id: string }[]).map((b) => b._id);
};

/** The link in the newest confirmation e-mail to this address. */
async function confirmationLink(email: string): Promise<URL> {
  const mails = await writtenMessages(t, and(eq(outbox.to, email), like(outbox.subject, "Confirm your e-mail%")));
  expect(mails.length).toBeGreaterThan(0);
  return new URL(mails.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
}

/** Opens a link from an e-mail (in the mail app's browser: no session, unless given). */
async function follow(link: URL, account?: TestAccount) {
  const opened = await t.request(link.pathname + link.search, account ? { headers: { Cookie: account.cookie } } : {});
  expect(opened.status).toBe(302);
  return opened.headers.get("location");
}

const session = async (account: TestAccount) =>
  (await callAs(t, account, "/api/auth/get-session")).body as { user: { email: string; emailVerified: boolean } };

describe("a new account with a visitor's address", () => {
  it("sees only its own bookings until it verifies the address, then the visitor's too", async () => {
    const email = "owner-check@example.com";
    const visitors = await visitorBooking(email);
    const account = await signUp(t, { email, verified: false });
    expect((await session(account)).user.emailVerified).toBe(false);
    const own = await ownBooking(account);

    expect(await listedIds(account)).toEqual([own]);
    expect((await callAs(t, account, `/api/bookings/${visitors}`)).status).toBe(404);
    const cancel = await callAs(
      t,
      account,
      `/api/bookings/${visitors}`,
      jsonPost({ status: "cancelled" }, { method: "PATCH" }),
    );
    expect(cancel.status).toBe(404);
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, visitors));
    expect(stored!.status).toBe("pending");
    // What the account made itself is its own at once, to read and to cancel.
    expect((await callAs(t, account, `/api/bookings/${own}`)).status).toBe(200);
    expect(stored!.userId).toBeNull();

    // The sign-up sent the link; it brings its reader back to My Bookings.
    expect(await follow(await confirmationLink(email))).toBe("/dashboard/my-bookings?verified=1");
    expect((await session(account)).user.emailVerified).toBe(true);
    expect((await listedIds(account)).sort()).toEqual([own, visitors].sort());
    expect((await callAs(t, account, `/api/bookings/${visitors}`)).body.email).toBe(email);
    const cancelled = await callAs(
      t,
      account,
      `/api/bookings/${visitors}`,
      jsonPost({ status: "cancelled" }, { method: "PATCH" }),
    );
    expect(cancelled.status).toBe(200);
  });

  it("can ask for the link again, and any other account's bookings stay out of sight", async () => {
    const email = "resend@example.com";
    const account = await signUp(t, { email, verified: false });
    const other = await signUp(t);
    const others = await ownBooking(other);
    const resent = await callAs(t, account, "/api/auth/send-verification-email", jsonPost({ email }));
    expect(resent.status).toBe(200);
    const mails = await t.database.db.$count(
      outbox,
      and(eq(outbox.to, email), like(outbox.subject, "Confirm your e-mail%")),
    );
    expect(mails).toBe(2);
    await follow(await confirmationLink(email));
    expect(await listedIds(account)).not.toContain(others);
    expect((await callAs(t, account, `/api/bookings/${others}`)).status).toBe(404);
  });

  it("records who made a booking; a guest's has no account", async () => {
    const account = await signUp(t);
    const own = await ownBooking(account);
    const guest = await visitorBooking("guest-only@example.com");
    const rows = await t.database.db.select({ id: bookings.id, userId: bookings.userId }).from(bookings);
    expect(rows.find((r) => r.id === own)!.userId).toBe(account.id);
    expect(rows.find((r) => r.id === guest)!.userId).toBeNull();
  });
});

describe("changing the e-mail address", () => {
  it("takes the new address only once its link is opened, and its bookings show only then", async () => {
    const [oldEmail, newEmail] = ["before-change@example.com", "after-change@example.com"];
    const account = await signUp(t, { email: oldEmail });
    const own = await ownBooking(account);
    const madeWithOld = await visitorBooking(oldEmail);
    const madeWithNew = await visitorBooking(newEmail);
    expect((await listedIds(account)).sort()).toEqual([own, madeWithOld].sort());

    const asked = await callAs(
      t,
      account,
      "/api/auth/change-email",
      jsonPost({ newEmail, callbackURL: "https://evil.example/" }),
    );
    expect(asked.status).toBe(200);
    // Until the new address's owner opens the link, nothing changes.
    expect((await session(account)).user.email).toBe(oldEmail);
    expect(await listedIds(account)).not.toContain(madeWithNew);

    const link = await confirmationLink(newEmail);
    expect(await follow(link, account)).toBe("/dashboard/my-bookings?verified=1");
    const now = (await session(account)).user;
    expect(now).toMatchObject({ email: newEmail, emailVerified: true });
    // The account's own booking stays; the old address's visitor booking is no longer its.
    expect((await listedIds(account)).sort()).toEqual([own, madeWithNew].sort());
  });

  it("cannot take an address by asking: no link to it, no change", async () => {
    const account = await signUp(t, { email: "keeps-own@example.com" });
    const victim = "someone-else@example.com";
    const theirs = await visitorBooking(victim);
    expect((await callAs(t, account, "/api/auth/change-email", jsonPost({ newEmail: victim }))).status).toBe(200);
    expect((await session(account)).user.email).toBe("keeps-own@example.com");
    expect(await listedIds(account)).not.toContain(theirs);
    // Only the address's owner got the link.
    expect(await t.database.db.$count(outbox, eq(outbox.to, "keeps-own@example.com"))).toBe(0);
  });
});
