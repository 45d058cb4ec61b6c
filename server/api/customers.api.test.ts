import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, customerIdOf, customers, serviceRecords, users } from "~/.server/db/schema";
import type { CustomerRow } from "~/features/customers/customers.schema";
import { newObjectId } from "~/lib/object-id";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, buildBookingRequest, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * Dashboard → Customers (issue 30, part 2) on PGlite and PostgreSQL: who is one customer
 * (decision 038), each figure of a small fixture worked out by hand, search, order, paging, the
 * CSV, a customer's page and notes, and the list staying right under simultaneous bookings.
 */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

const get = (path: string, who: TestAccount | null = admin) => callAs(t, who, path);
const find = async (q: string) => (await get(`/api/customers?q=${encodeURIComponent(q)}`)).body as CustomerRow[];
const collected = { status: "confirmed", visitStage: "collected" } as const;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  // Maria booked twice as a visitor, then made an account with the same e-mail and verified it;
  // signed in, she booked once more typing another address: all three are hers.
  await insertBookings(t.database.db, [
    buildBooking({
      fullName: "Maria Gomez",
      email: "maria@example.com",
      phone: "(555) 300-1000",
      preferredDate: inDays(-60),
      vehiclePlate: "ABC 123",
      vehicleMake: "Honda",
      vehicleModel: "Civic",
      totalCents: 4500,
      ...collected,
    }),
    buildBooking({
      fullName: "Maria Gomez",
      email: "maria@example.com",
      phone: "(555) 300-1000",
      preferredDate: inDays(-30),
      status: "cancelled",
      totalCents: 9900,
    }),
  ]);
  member = await signUp(t, { name: "Maria G.", email: "maria@example.com" });
  const [signedIn] = await insertBookings(t.database.db, [
    buildBooking({
      fullName: "Maria Gomez",
      email: "maria.work@example.com",
      phone: "555-300-1000",
      userId: member.id,
      preferredDate: inDays(-10),
      vehiclePlate: "XYZ-789",
      vehicleMake: "Toyota",
      vehicleModel: "RAV4",
      totalCents: 12000,
      ...collected,
    }),
    // Her upcoming visit: not a visit yet.
    buildBooking({
      fullName: "Maria Gomez",
      email: "maria@example.com",
      phone: "5553001000",
      preferredDate: inDays(5),
      vehiclePlate: "abc123",
      totalCents: 3000,
    }),
    // Two people sharing the family phone, each with their own e-mail: two customers.
    buildBooking({
      fullName: "Sam Lee",
      email: "sam@example.com",
      phone: "555 400 2000",
      ...collected,
      preferredDate: inDays(-3),
      totalCents: 2500,
    }),
    buildBooking({
      fullName: "Alex Lee",
      email: "alex@example.com",
      phone: "555-400-2000",
      preferredDate: inDays(-3),
      status: "confirmed",
      visitStage: "no-show",
      totalCents: 2500,
    }),
    // Booked at the counter with no e-mail, twice, the number typed two ways: one customer by phone.
    buildBooking({
      fullName: "Pat Walk-In",
      email: "",
      phone: "(555) 777-1234",
      ...collected,
      preferredDate: inDays(-40),
      totalCents: 2000,
    }),
    buildBooking({
      fullName: "Pat Walk-In",
      email: "",
      phone: "555.777.1234",
      createdAt: new Date(Date.now() + 1000),
      ...collected,
      preferredDate: inDays(-20),
      totalCents: 2000,
    }),
  ]);
  // Her oil change on the RAV4, due again in 90 days.
  await t.database.db.insert(serviceRecords).values({
    id: newObjectId(),
    bookingId: signedIn!.id,
    vehicleKey: "maria.work@example.com|plate:XYZ789",
    odometer: 42_000,
    oilType: "synthetic",
    oilName: "Full synthetic",
    servicedOn: inDays(-10),
    nextDueDate: inDays(80),
    nextDueMileage: 47_000,
  });
});

describe("who is one customer", { tags: ["engine"] }, () => {
  it("merges a visitor's bookings with the account that verified the e-mail, and its own bookings", async () => {
    const [maria, ...others] = await find("maria");
    expect(others).toEqual([]);
    expect(maria).toMatchObject({
      email: "maria@example.com",
      account: true,
      bookings: 4,
      // 45 + 120 collected; the cancelled one and the upcoming one are not visits.
      visits: 2,
      spent: 165,
      cancellations: 1,
      noShows: 0,
      lastVisit: inDays(-10),
      vehicles: 2,
      plates: expect.arrayContaining(["ABC123", "XYZ789"]),
      nextServiceDue: inDays(80),
    });
  });

  it("keeps two people with one phone apart when their e-mails differ; a phone alone is a customer", async () => {
    const family = await find("5554002000");
    expect(family.map((c) => c.email).sort()).toEqual(["alex@example.com", "sam@example.com"]);
    expect(family.find((c) => c.email === "alex@example.com")).toMatchObject({ visits: 0, noShows: 1, spent: 0 });
    const [pat, ...more] = await find("walk-in");
    expect(more).toEqual([]);
    expect(pat).toMatchObject({ email: "", phone: "555.777.1234", bookings: 2, visits: 2, spent: 40 });
  });

  it("follows an account that changes its e-mail, and lists a customer account with no booking yet", async () => {
    const fresh = await signUp(t, { name: "Nadia Newcomer", email: "nadia@example.com" });
    expect(await find("nadia")).toEqual([expect.objectContaining({ fullName: "Nadia Newcomer", bookings: 0 })]);
    await t.database.db.update(users).set({ email: "nadia.k@example.com" }).where(eq(users.id, fresh.id));
    expect((await find("nadia")).map((c) => c.email)).toEqual(["nadia.k@example.com"]);
  });
});

describe("GET /api/customers", () => {
  it("finds by name, e-mail, phone (or part of it) as typed or as digits, and plate with or without its space", async () => {
    const phones = ["555-300-1000", "5553001000", "+1 555 300 1000", "300.1000", "300 1000"];
    for (const q of ["Gomez", "MARIA@EXAMPLE", ...phones, "abc 123", "ABC123", "xyz789"])
      expect(
        (await find(q)).map((c) => c.email),
        q,
      ).toEqual(["maria@example.com"]);
    expect(await find("nobody-like-this")).toEqual([]);
  });

  it("sorts by last visit either way, by spend and by visits, pages, and counts what it finds", async () => {
    const order = async (sort: string) =>
      ((await get(`/api/customers?sort=${sort}&limit=200`)).body as CustomerRow[]).map((c) => c.fullName);
    const recent = await order("recent");
    expect(recent.slice(0, 3)).toEqual(["Sam Lee", "Maria Gomez", "Pat Walk-In"]);
    expect((await order("longest-ago")).slice(0, 3)).toEqual(["Pat Walk-In", "Maria Gomez", "Sam Lee"]);
    expect((await order("spend"))[0]).toBe("Maria Gomez");
    // Two visits each: the tie goes by key, descending ("tel:…" after "maria@…").
    expect((await order("visits")).slice(0, 2)).toEqual(["Pat Walk-In", "Maria Gomez"]);
    const first = await get("/api/customers?sort=recent&limit=2");
    const second = await get("/api/customers?sort=recent&limit=2&offset=2");
    expect((first.body as CustomerRow[]).map((c) => c.fullName)).toEqual(recent.slice(0, 2));
    expect((second.body as CustomerRow[]).map((c) => c.fullName)).toEqual(recent.slice(2, 4));
    const all = await t.request("/api/customers?limit=1", { headers: { Cookie: admin.cookie } });
    expect(all.headers.get("X-Total-Count")).toBe(String(recent.length));
  });

  it("refuses a bad query with its reason, and is for admins only", async () => {
    expect(await get("/api/customers?sort=cheapest")).toMatchObject({ status: 400 });
    expect(await get("/api/customers?limit=500")).toMatchObject({ status: 400 });
    expect((await get("/api/customers", member)).status).toBe(403);
    expect((await get("/api/customers", null)).status).toBe(401);
    expect((await get("/api/customers/list.csv", member)).status).toBe(403);
  });

  it("downloads the rows the search finds as CSV", async () => {
    const csv = await t.request("/api/customers/list.csv?q=555-400", { headers: { Cookie: admin.cookie } });
    expect(csv.status).toBe(200);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // UTF-8's byte-order mark first, so Excel reads the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Name,Email,Phone,Account,Visits,Last visit,Total spent,Bookings,Cancellations,No-shows,Vehicles,Latest vehicle,Plates,Next service due",
    );
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^Alex Lee,alex@example.com,555-400-2000,no,0,,0,1,0,1,1,/),
      expect.stringMatching(new RegExp(`^Sam Lee,sam@example.com,555 400 2000,no,1,${inDays(-3)},25,1,0,0,1,`)),
    ]);
  });
});

describe("a customer's page", () => {
  it("shows their vehicles with oil changes, upcoming and past bookings, and notes", async () => {
    const [maria] = await find("maria");
    const { status, body } = await get(`/api/customers/${maria!.id}`);
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ id: maria!.id, visits: 2 });
    expect(body.upcoming.map((b: { preferredDate: string }) => b.preferredDate)).toEqual([inDays(5)]);
    expect(body.past.map((b: { preferredDate: string }) => b.preferredDate)).toEqual([
      inDays(-10),
      inDays(-30),
      inDays(-60),
    ]);
    const rav4 = body.vehicles.find((v: { plate: string }) => v.plate === "XYZ-789");
    expect(rav4).toMatchObject({ label: "2019 Toyota RAV4", records: [{ odometer: 42_000, nextDueDate: inDays(80) }] });
    expect(body.notes).toEqual([]);
  });

  it("files today's collected visit and a cancelled one as past: upcoming is what is still to happen", async () => {
    const hector = (overrides: Parameters<typeof buildBooking>[0]) =>
      buildBooking({ fullName: "Hector Ruiz", email: "hector@example.com", phone: "718 555 0161", ...overrides });
    const [collectedToday, cancelledAhead, comingToday, ahead] = await insertBookings(t.database.db, [
      hector({ preferredDate: inDays(0), preferredTimeSlot: "09:00–11:00", ...collected }),
      hector({ preferredDate: inDays(3), status: "cancelled" }),
      hector({ preferredDate: inDays(0), preferredTimeSlot: "15:00–17:00", status: "confirmed" }),
      hector({ preferredDate: inDays(9), status: "pending" }),
    ]);
    const [found] = await find("hector@");
    const { body } = await get(`/api/customers/${found!.id}`);
    const ids = (list: { _id: string }[]) => list.map((b) => b._id);
    expect(ids(body.upcoming)).toEqual([comingToday!.id, ahead!.id]);
    expect(ids(body.past)).toEqual([cancelledAhead!.id, collectedToday!.id]);
  });

  it("takes an admin's note, recorded in Activity, and deletes it", async () => {
    const [sam] = await find("sam@");
    const added = await callAs(
      t,
      admin,
      `/api/customers/${sam!.id}/notes`,
      jsonPost({ body: "Prefers the hand dryer." }),
    );
    expect(added).toMatchObject({ status: 201, body: { body: "Prefers the hand dryer.", authorName: "Admin Person" } });
    expect((await get(`/api/customers/${sam!.id}`)).body.notes).toEqual([added.body]);
    const [record] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, sam!.id));
    expect(record).toMatchObject({
      kind: "customer.note",
      actorId: admin.id,
      after: { body: "Prefers the hand dryer." },
    });
    const empty = await callAs(t, admin, `/api/customers/${sam!.id}/notes`, jsonPost({ body: "   " }));
    expect(empty).toMatchObject({ status: 400 });
    const gone = await callAs(t, admin, `/api/customers/${sam!.id}/notes/${added.body._id}`, { method: "DELETE" });
    expect(gone.status).toBe(204);
    expect((await get(`/api/customers/${sam!.id}`)).body.notes).toEqual([]);
  });

  it("answers 404 for nobody, and 403 to a member", async () => {
    expect((await get(`/api/customers/${customerIdOf("nobody@example.com")}`)).status).toBe(404);
    expect((await get("/api/customers/not-an-id")).status).toBe(404);
    const [sam] = await find("sam@");
    expect((await get(`/api/customers/${sam!.id}`, member)).status).toBe(403);
  });
});

describe("under simultaneous changes", { tags: ["engine"] }, () => {
  it("shows every booking made while the list is read at the same moment, as a recount does", async () => {
    // Staff book a regular eight times at once, under two names, two phones and three vehicles
    // (one without a plate), and four new callers beside them, while the list is read six times:
    // each read counts what the bookings before it marked, and none loses one.
    const regular = (i: number) => ({
      fullName: i % 2 ? "Dana Park" : "Dana K. Park",
      email: "dana@example.com",
      phone: i % 3 ? "(555) 700-1000" : "555 700 2000",
      vehicleMake: ["Mazda", "Kia", "Ford"][i % 3]!,
      vehicleModel: ["CX-5", "Soul", "Focus"][i % 3]!,
      vehiclePlate: ["DNA 1", "", "dna-2"][i % 3]!,
    });
    const bodies = [
      ...Array.from({ length: 8 }, (_, i) => regular(i)),
      ...Array.from({ length: 4 }, (_, i) => ({ fullName: `New Caller ${i}`, email: `caller${i}@example.com` })),
    ].map((who, i) => buildBookingRequest({ ...who, preferredDate: inDays(40 + i), preferredTimeSlot: "11:00–13:00" }));
    const [answers, reads] = await Promise.all([
      Promise.all(bodies.map((body) => callAs(t, admin, "/api/bookings", jsonPost(body)))),
      Promise.all(Array.from({ length: 6 }, () => get("/api/customers?q=example.com"))),
    ]);
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 201));
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));

    const [dana] = await find("dana@");
    expect(dana).toMatchObject({ bookings: 8, visits: 0, vehicles: 3 });
    // Found by either name, either phone's digits and both plates.
    for (const q of ["dana k. park", "5557002000", "5557001000", "DNA1", "dna2"])
      expect(
        (await find(q)).map((c) => c.id),
        q,
      ).toContain(dana!.id);
    for (let i = 0; i < 4; i++) expect(await find(`caller${i}@`)).toEqual([expect.objectContaining({ bookings: 1 })]);
    await expectTableAsRecounted();
  });

  it("counts every change once, as a recount from scratch does", async () => {
    // Twelve past visits of one customer, collected at the counter all at once: twelve
    // transactions recounting one customer together.
    const visits = await insertBookings(
      t.database.db,
      Array.from({ length: 12 }, (_, i) =>
        buildBooking({
          fullName: "Rush Hour",
          email: "rush@example.com",
          preferredDate: inDays(-1 - i),
          status: "confirmed",
          totalCents: 1000,
        }),
      ),
    );
    const answers = await Promise.all(
      visits.map((visit) =>
        callAs(t, admin, `/api/bookings/${visit.id}/stage`, jsonPost({ stage: "collected" }, { method: "PUT" })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(visits.map(() => 200));
    expect(await find("rush@")).toEqual([expect.objectContaining({ bookings: 12, visits: 12, spent: 120 })]);
    await expectTableAsRecounted();
  });
});

/** The whole table as the reads keep it equals a recount of every customer from their bookings. */
async function expectTableAsRecounted() {
  await t.database.db.execute(sql`select flush_customers()`);
  const kept = await t.database.db.select().from(customers).orderBy(customers.key);
  await t.database.db.execute(sql`select refresh_customers(array(select key from customers))`);
  const recounted = await t.database.db.select().from(customers).orderBy(customers.key);
  const figures = (r: (typeof kept)[number]) => ({ ...r, updatedAt: null });
  expect(recounted.map(figures)).toEqual(kept.map(figures));
}
