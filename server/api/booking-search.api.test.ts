import { beforeAll, describe, expect, it } from "vitest";
import { bookingReference } from "~/features/bookings/visit-text";
import { callAs, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * Manage Bookings' search by what a caller quotes (the reference on their confirmation, their phone
 * number however they say it) and its order by visit time; a member's list stays their own.
 */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;
let stranger: TestAccount;

const names = async (account: TestAccount, query: string) => {
  const { status, body } = await callAs(t, account, `/api/bookings?${query}`);
  expect(status).toBe(200);
  return (body as { fullName: string }[]).map((b) => b.fullName);
};
const search = (account: TestAccount, q: string) => names(account, `q=${encodeURIComponent(q)}`);

let dana: string;
let members: string;

beforeAll(async () => {
  [admin, member, stranger] = [await signUpAdmin(t), await signUp(t), await signUp(t)];
  const rows = await insertBookings(t.database.db, [
    buildBooking({ fullName: "Dana Whitfield", phone: "646-555-0199", email: "dana@example.com" }),
    // The same digits written with the country code; one digit off is another customer.
    buildBooking({ fullName: "Dana at work", phone: "+1 (646) 555 0199", email: "dana.work@example.com" }),
    buildBooking({ fullName: "Other caller", phone: "646-555-0198", email: "other@example.com" }),
    buildBooking({ fullName: "Member's own", phone: "212-555-0147", email: member.email }),
  ]);
  [dana, members] = [rows[0]!.id, rows[3]!.id];
});

describe("searching bookings by what a caller quotes", () => {
  it("finds a booking by its reference, in any case, with or without '#'", async () => {
    const reference = bookingReference(dana);
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    for (const q of [reference, reference.toLowerCase(), `#${reference}`, ` #${reference.toLowerCase()} `])
      expect(await search(admin, q), q).toEqual(["Dana Whitfield"]);
  });

  it("finds a phone number however it is written, with or without the country code", async () => {
    for (const q of ["6465550199", "646 555 0199", "(646) 555-0199", "+1 646-555-0199", "1.646.555.0199"])
      expect((await search(admin, q)).sort(), q).toEqual(["Dana Whitfield", "Dana at work"]);
  });

  it("finds part of a number by its digits, however either is written", async () => {
    for (const q of ["555 0199", "5550199", "555.0199", "(555) 0199"])
      expect((await search(admin, q)).sort(), q).toEqual(["Dana Whitfield", "Dana at work"]);
  });

  it("still finds part of a number, a name and an e-mail as before", async () => {
    expect((await search(admin, "0199")).sort()).toEqual(["Dana Whitfield", "Dana at work"]);
    expect(await search(admin, "whitf")).toEqual(["Dana Whitfield"]);
    expect(await search(admin, "DANA@example.com")).toEqual(["Dana Whitfield"]);
    expect(await search(admin, "646 555 0100")).toEqual([]);
  });

  it("keeps a member's list their own: another customer's reference or phone finds nothing", async () => {
    expect(await search(stranger, bookingReference(dana))).toEqual([]);
    expect(await search(stranger, "646 555 0199")).toEqual([]);
    expect(await search(stranger, bookingReference(members))).toEqual([]);
    expect(await names(stranger, "order=visit")).toEqual([]);
    // Their own booking, by its reference, is theirs to find.
    expect(await search(member, `#${bookingReference(members)}`)).toEqual(["Member's own"]);
    expect(await search(member, bookingReference(dana))).toEqual([]);
  });
});

describe("the admin's list in visit order", () => {
  it("lists upcoming visits soonest first, then past ones latest first, filtered or not; the API's default stays newest first", async () => {
    const at = (days: number, slot: string, fullName: string, created: string) =>
      buildBooking({
        fullName,
        email: "order@example.com",
        preferredDate: inDays(days),
        preferredTimeSlot: slot,
        status: "confirmed",
        createdAt: new Date(created),
      });
    // Requested in another order than they come.
    await insertBookings(t.database.db, [
      at(-3, "09:00–11:00", "3 days ago", "2026-01-05T10:00:00Z"),
      at(5, "13:00–15:00", "in 5 days, 1 PM", "2026-01-01T10:00:00Z"),
      at(0, "Anytime", "today, any time", "2026-01-04T10:00:00Z"),
      at(-20, "15:00–17:00", "20 days ago", "2026-01-02T10:00:00Z"),
      at(5, "09:00–11:00", "in 5 days, 9 AM", "2026-01-06T10:00:00Z"),
      at(0, "11:00–13:00", "today, 11 AM", "2026-01-03T10:00:00Z"),
    ]);
    const visits = [
      "today, 11 AM",
      "today, any time",
      "in 5 days, 9 AM",
      "in 5 days, 1 PM",
      "3 days ago",
      "20 days ago",
    ];
    const query = "q=order%40example.com&status=confirmed";
    expect(await names(admin, `${query}&order=visit`)).toEqual(visits);
    // Page by page, across the turn from upcoming to past.
    expect(await names(admin, `${query}&order=visit&limit=3&offset=3`)).toEqual(visits.slice(3));
    expect(await names(admin, `${query}&order=visit&limit=2&offset=2`)).toEqual(visits.slice(2, 4));
    // A date range keeps the same order.
    expect(await names(admin, `${query}&order=visit&from=${inDays(-30)}&to=${inDays(0)}`)).toEqual([
      "today, 11 AM",
      "today, any time",
      "3 days ago",
      "20 days ago",
    ]);
    const total = await t.request(`/api/bookings?${query}&order=visit&limit=2`, {
      headers: { cookie: admin.cookie },
    });
    expect(total.headers.get("x-total-count")).toBe("6");
    // The specification's clients keep the newest request first.
    expect(await names(admin, query)).toEqual([
      "in 5 days, 9 AM",
      "3 days ago",
      "today, any time",
      "today, 11 AM",
      "20 days ago",
      "in 5 days, 1 PM",
    ]);
  });
});
