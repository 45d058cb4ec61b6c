import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_GONE,
  ADMIN_ACCOUNT,
  CAR_ON_SITE,
  WRONG_PASSWORD,
  type Erasure,
} from "~/features/customer-data/customer-data.schema";
import { REMOVED_CUSTOMER } from "~/features/bookings/bookings.schema";
import {
  auditEvents,
  bookings,
  emailOptOuts,
  outbox,
  reviews,
  serviceRecords,
  sessions,
  users,
  vehicles,
  waitlistEntries,
} from "~/.server/db/schema";
import { callAs, jsonPost, signIn, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { inDays } from "../../tests/factories";
import { insertOilChangeVisit } from "../../tests/oil-change-visits";
import { customerDataHelpers } from "../../tests/customer-data";
import { setupTestApp } from "../../tests/test-app";
import { handleApiError } from "../errors";

/**
 * Issue 31 part 3, a member deleting their account with its password (decision 036): their upcoming
 * visits are cancelled with the usual e-mails, every booking stays in the books without their
 * details (the totals of past visits unchanged), the rest goes, and they cannot sign in; races with
 * a second deletion and with a booking in flight. Downloads and a guest's data:
 * customer-data.api.test.ts.
 */
const BUSINESS = "desk@sparkle.test";
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_EMAIL: BUSINESS } });
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const db = () => t.database.db;
const { exportMine, deleteMe, rowsOf, books, request, bookAs, pastVisit, reviewOf, waitlistPlace, addVehicle, tally } =
  customerDataHelpers(t);

const adminSearch = async (q: string) =>
  (await callAs(t, admin, `/api/bookings?q=${encodeURIComponent(q)}`)).body as { fullName: string }[];

describe("deleting an account", () => {
  it("with a wrong password is refused and changes nothing", async () => {
    const member = await signUp(t);
    const id = await bookAs(member);
    const answer = await deleteMe(member, { password: "not-my-password" });
    expect(answer).toEqual({
      status: 400,
      body: { error: { code: "validation_failed", message: WRONG_PASSWORD, fields: { password: WRONG_PASSWORD } } },
    });
    expect(await deleteMe(member, {})).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: "pending", email: member.email, personalDataRemovedAt: null });
    expect(await db().select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
    expect((await exportMine(member)).status).toBe(200);
  });

  it("cancels upcoming visits with e-mails, keeps every booking without the details and the totals as they were, and signs them out for good", async () => {
    const member = await signUp(t, { name: "Marisol Vance" });
    const phone = "(555) 301-4455";
    const upcoming = await bookAs(member, { fullName: "Marisol Vance", phone, specialInstructions: "Gate code 1234" });
    const collected = await pastVisit({ email: member.email, userId: member.id, fullName: "Marisol Vance", phone });
    const withPromo = await pastVisit({
      email: member.email,
      fullName: "Marisol Vance",
      phone,
      promoCode: "WASH5",
      discountCents: 950,
      lines: [
        { kind: "service", label: "Full Detail (Medium)", amountCents: 18999, minutes: 240 },
        { kind: "promo", label: "WASH5 (5% off)", amountCents: -950, minutes: 0 },
      ],
      totalCents: 18049,
      finalPriceCents: 18049,
    });
    const { booking: oil } = await insertOilChangeVisit(t, {
      email: member.email,
      userId: member.id,
      fullName: "Marisol Vance",
      phone,
    });
    await reviewOf(collected);
    await addVehicle(member);
    await waitlistPlace(member.email, member.id);
    await callAs(t, member, "/api/me/email-choices", jsonPost({ "service-reminders": false }, { method: "PUT" }));
    const ids = [upcoming, collected.id, withPromo.id, oil.id];
    const past = [collected.id, withPromo.id, oil.id];
    const booksBefore = await books(past);
    const token = t.services.manageLinks.manageToken(collected.id);

    const answer = await deleteMe(member, { password: member.password });
    expect(answer).toEqual({
      status: 200,
      body: {
        acknowledged: true,
        bookingsKept: 4,
        cancelled: 1,
        vehicles: 1,
        serviceRecords: 1,
        reviews: 1,
        waitlistEntries: 1,
        messages: expect.any(Number),
      } satisfies Erasure,
    });

    // The books: every visit kept, its date, service, lines and total as before; no one behind it.
    expect(await books(past)).toEqual(booksBefore);
    expect(booksBefore.sum).toBe(18999 + 18049 + 4499);
    for (const row of await rowsOf(ids))
      expect(row).toMatchObject({
        fullName: "",
        phone: "",
        email: "",
        vehiclePlate: "",
        vehicleMake: "",
        vehicleModel: "",
        vehicleColor: "",
        specialInstructions: "",
        promoCode: "",
        userId: null,
        personalDataRemovedAt: expect.any(Date),
      });
    const statuses = Object.fromEntries((await rowsOf(ids)).map((r) => [r.id, r.status]));
    expect(statuses).toEqual({
      [upcoming]: "cancelled",
      [collected.id]: "confirmed",
      [withPromo.id]: "confirmed",
      [oil.id]: "confirmed",
    });

    // The usual e-mails of a customer's cancellation: to them, and the shop's copy.
    const cancellation = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, upcoming), eq(outbox.kind, "notice")));
    expect(cancellation.map((m) => [m.to, m.template]).sort()).toEqual(
      [
        [member.email, "booking-cancelled"],
        [BUSINESS, "booking-business-notice"],
      ].sort(),
    );
    expect(t.services.messages(cancellation.find((m) => m.to === member.email)!).subject).toMatch(/cancel/i);
    // No other message to or about them is kept, and those two go once sent.
    const about = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(sql`${outbox.to} = ${member.email} or ${inArray(outbox.bookingId, ids)}`);
    expect(about).toHaveLength(2);
    await t.services.followUps.runDue();
    expect(await db().select().from(outbox).where(inArray(outbox.bookingId, ids))).toEqual([]);

    // The rest is gone: account, sessions, vehicles, service records, reviews, waitlist, choices.
    expect(await db().select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(await tally(vehicles, eq(vehicles.userId, member.id))).toBe(0);
    expect(await tally(serviceRecords, inArray(serviceRecords.bookingId, ids))).toBe(0);
    expect(await tally(reviews, inArray(reviews.bookingId, ids))).toBe(0);
    expect(await db().select().from(waitlistEntries).where(eq(waitlistEntries.email, member.email))).toEqual([]);
    expect(await db().select().from(emailOptOuts).where(eq(emailOptOuts.email, member.email))).toEqual([]);

    // They cannot sign in, their cookie names nobody, their links open nothing.
    expect((await signIn(t, member.email, member.password)).status).toBe(401);
    expect((await exportMine(member)).status).toBe(401);
    expect((await callAs(t, null, `/api/bookings/manage/${token}`)).status).toBe(404);

    // An admin's search for them finds nothing; the list names the visits "Customer removed".
    for (const q of [member.email, "Marisol Vance", phone, "555 301 4455"]) expect(await adminSearch(q)).toEqual([]);
    const listed = (await callAs(t, admin, `/api/bookings?from=${inDays(-31)}&to=${inDays(-29)}`)).body as {
      _id: string;
      fullName: string;
    }[];
    expect(listed.find((b) => b._id === collected.id)?.fullName).toBe(REMOVED_CUSTOMER);
    const history = await callAs(t, admin, `/api/bookings/${collected.id}/customer`);
    expect(history.body).toMatchObject({
      customer: { fullName: REMOVED_CUSTOMER, email: "", phone: "" },
      removed: true,
      account: false,
      bookings: [expect.objectContaining({ _id: collected.id })],
    });

    // The audit log says what was done, in numbers, with no personal data.
    const [record] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "customer.erase"), isNotNull(auditEvents.after)))
      .orderBy(sql`${auditEvents.at} desc`)
      .limit(1);
    expect(record).toMatchObject({ subjectType: "customer", actorRole: "member", actorId: null });
    expect(record!.after).toMatchObject({ bookingsKept: 4, cancelled: 1 });
    expect(JSON.stringify(record)).not.toMatch(new RegExp(`${member.email}|Marisol|${member.id}`));
  });

  it("of an administrator is refused: they are made a member first", async () => {
    const other = await signUpAdmin(t);
    expect(await deleteMe(other, { password: other.password })).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: ADMIN_ACCOUNT } },
    });
    expect(await db().select().from(users).where(eq(users.id, other.id))).toHaveLength(1);
  });

  it("waits while their car is at the shop, and changes nothing", async () => {
    const member = await signUp(t);
    const today = await pastVisit({ email: member.email, userId: member.id, preferredDate: inDays(0) });
    await db().update(bookings).set({ visitStage: "in-progress" }).where(eq(bookings.id, today.id));
    const upcoming = await bookAs(member);
    expect(await deleteMe(member, { password: member.password })).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: CAR_ON_SITE } },
    });
    expect(await rowsOf([upcoming])).toEqual([expect.objectContaining({ status: "pending", email: member.email })]);
    expect(await db().select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
  });

  it("twice at the same moment: one deletes, the other is told the account is gone", { tags: ["engine"] }, async () => {
    for (let round = 0; round < 3; round++) {
      const member = await signUp(t);
      const upcoming = await bookAs(member);
      const answers = await Promise.all([1, 2].map(() => deleteMe(member, { password: member.password })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const refused = answers.find((a) => a.status !== 200)!;
      expect(refused.body).toEqual(
        refused.status === 409
          ? { error: { code: "conflict", message: ACCOUNT_GONE } }
          : { error: { code: "unauthorized", message: "Please log in." } },
      );
      // Cancelled once: one e-mail to the customer, the booking kept without them.
      const notices = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.bookingId, upcoming), eq(outbox.template, "booking-cancelled")));
      expect(notices).toHaveLength(1);
      expect(await rowsOf([upcoming])).toEqual([
        expect.objectContaining({ status: "cancelled", email: "", personalDataRemovedAt: expect.any(Date) }),
      ]);
    }
  });

  it(
    "while a booking of theirs is being sent: it is erased with the rest, refused, or comes after as a visitor's",
    { tags: ["engine"] },
    async () => {
      // Sent a little later each round, so that it lands before, during and after the deletion.
      const outcomes = new Set<string>();
      for (const delay of [0, 40, 80, 120, 160, 200, 300]) {
        const member = await signUp(t);
        const [deleted, booked] = await Promise.all([
          deleteMe(member, { password: member.password }),
          new Promise((resolve) => setTimeout(resolve, delay)).then(() =>
            callAs(t, member, "/api/bookings", jsonPost(request({ email: member.email }))),
          ),
        ]);
        expect(deleted.status).toBe(200);
        if (booked.status === 401) {
          outcomes.add("refused");
          expect(booked.body).toEqual({ error: { code: "unauthorized", message: "Please log in." } });
          continue;
        }
        expect(booked.status).toBe(201);
        const [row] = await rowsOf([(booked.body as { insertedId: string }).insertedId]);
        if (row!.personalDataRemovedAt) {
          outcomes.add("erased");
          expect(row).toMatchObject({ email: "", fullName: "", status: "cancelled", userId: null });
        } else {
          // The account was gone when it came: a visitor's new request, with the address they typed.
          outcomes.add("after, as a visitor");
          expect(row).toMatchObject({ email: member.email, userId: null });
          const [erasure] = await db()
            .select({ at: auditEvents.at })
            .from(auditEvents)
            .where(eq(auditEvents.kind, "customer.erase"))
            .orderBy(sql`${auditEvents.at} desc`)
            .limit(1);
          expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(erasure!.at.getTime());
        }
      }
      console.info(`A booking sent during a deletion: ${[...outcomes].join(", ")}`);
      expect(outcomes.size).toBeGreaterThan(0);
    },
  );
  it("a write that names the account after it is gone is answered 'Please log in.', not a server error", async () => {
    const member = await signUp(t);
    // Looked up as the request began; the deletion then commits before its write.
    const actor = await t.services.getActor(new Headers({ Cookie: member.cookie }));
    expect((await deleteMe(member, { password: member.password })).status).toBe(200);
    const app = new Hono();
    app.onError(handleApiError);
    app.post("/vehicles", async (c) => {
      const vehicle = {
        vehicleType: "SUV" as const,
        nickname: "",
        make: "",
        model: "",
        color: "",
        year: null,
        plate: "",
      };
      return c.json(await t.services.garage.addVehicle(actor, vehicle), 201);
    });
    const answer = await app.request("/vehicles", { method: "POST" });
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 401,
      body: { error: { code: "unauthorized", message: "Please log in." } },
    });
  });
});
