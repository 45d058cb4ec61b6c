import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~/.server/db/schema";
import { escapeText } from "~/features/bookings/booking-calendar";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/** The shop's bookings in an admin's own calendar (issue 29, part 4): a private .ics feed per admin. */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

const feedUrl = async (account: TestAccount) => {
  const { status, body } = await callAs(t, account, "/api/calendar-feed");
  expect(status).toBe(200);
  return (body as { url: string }).url;
};
const renew = async (account: TestAccount) => {
  const { status, body } = await callAs(t, account, "/api/calendar-feed/renew", jsonPost({}));
  expect(status).toBe(200);
  return (body as { url: string }).url;
};
/** Fetched as a calendar app does: no cookie, no origin. */
const fetchFeed = (url: string) => t.request(new URL(url).pathname);

/** Unfolded lines, each event's properties by name: a valid calendar's shape checked on the way. */
function parseCalendar(ics: string) {
  expect(ics.endsWith("\r\n")).toBe(true);
  for (const line of ics.slice(0, -2).split("\r\n")) {
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/\p{Cc}/u);
  }
  const lines = ics.replace(/\r\n /g, "").slice(0, -2).split("\r\n");
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  const events: Map<string, string>[] = [];
  let event: Map<string, string> | undefined;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") event = new Map();
    else if (line === "END:VEVENT") {
      events.push(event!);
      event = undefined;
    } else if (event) event.set(line.slice(0, line.search(/[:;]/)), line.slice(line.indexOf(":") + 1));
  }
  expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(events.length);
  return { lines, events };
}
const eventOf = (events: Map<string, string>[], id: string) =>
  events.find((e) => e.get("UID")?.startsWith(`booking-${id}@`));

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
});

describe("an admin's calendar feed", () => {
  it("serves the upcoming live bookings, follows a move and drops a cancellation", async () => {
    const [maria, anytime, gone, old, far] = await insertBookings(t.database.db, [
      buildBooking({
        fullName: "Maria Gonzalez",
        phone: "(555) 010-7788",
        serviceType: "Hand Wash",
        vehicleMake: "Honda",
        vehicleModel: "CR-V",
        vehicleColor: "Silver",
        preferredDate: inDays(3),
        preferredTimeSlot: "09:00–11:00",
        status: "confirmed",
      }),
      buildBooking({ fullName: "Any Time", preferredDate: inDays(4), preferredTimeSlot: "Anytime" }),
      buildBooking({ fullName: "Was Cancelled", preferredDate: inDays(5), status: "cancelled" }),
      buildBooking({ fullName: "Long Ago", preferredDate: inDays(-8) }),
      buildBooking({ fullName: "Far Ahead", preferredDate: inDays(91) }),
    ]);
    const url = await feedUrl(admin);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(admin)).toBe(url);

    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { lines, events } = parseCalendar(await response.text());
    expect(lines).toContain(`X-WR-CALNAME:${escapeText(`${t.services.dependencies.site.name} bookings`)}`);
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT15M");

    const first = eventOf(events, maria!.id)!;
    expect(first.get("SUMMARY")).toBe("Hand Wash · Maria Gonzalez · Silver Honda CR-V");
    expect(first.get("DESCRIPTION")).toContain("(555) 010-7788");
    expect(first.get("DESCRIPTION")).toContain("Confirmed · 2 hr");
    expect(first.get("STATUS")).toBe("CONFIRMED");
    expect(first.get("DTSTART")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(first.has("LAST-MODIFIED")).toBe(true);
    expect(eventOf(events, anytime!.id)!.get("DTSTART")).toBe(inDays(4).replace(/-/g, ""));
    for (const missing of [gone!, old!, far!]) expect(eventOf(events, missing.id)).toBeUndefined();

    // An admin moves Maria and cancels the Anytime visit: the next fetch says so.
    const patch = (id: string, body: object) =>
      callAs(t, admin, `/api/bookings/${id}`, jsonPost(body, { method: "PATCH" }));
    expect((await patch(maria!.id, { preferredTimeSlot: "13:00–15:00" })).status).toBe(200);
    expect((await patch(anytime!.id, { status: "cancelled" })).status).toBe(200);
    const after = parseCalendar(await (await fetchFeed(url)).text()).events;
    const moved = eventOf(after, maria!.id)!;
    expect(moved.get("DTSTART")).not.toBe(first.get("DTSTART"));
    expect(Number(moved.get("SEQUENCE"))).toBeGreaterThan(Number(first.get("SEQUENCE")));
    expect(eventOf(after, anytime!.id)).toBeUndefined();
  });

  it("renewing stops the old URL at once; the new one works", { tags: ["engine"] }, async () => {
    const old = await feedUrl(admin);
    const fresh = await renew(admin);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect(await feedUrl(admin)).toBe(fresh);
    // Two renews at once: one row, and the URL the page shows afterwards works.
    await Promise.all([renew(admin), renew(admin)]);
    expect((await fetchFeed(await feedUrl(admin))).status).toBe(200);
  });

  it("a made-up token, one changed character or no .ics is the same 404", async () => {
    const url = await feedUrl(admin);
    const path = new URL(url).pathname;
    const token = path.slice("/api/calendar-feed/".length, -4);
    const changed = token.slice(0, 10) + (token[10] === "A" ? "B" : "A") + token.slice(11);
    for (const tried of [
      `/api/calendar-feed/${"x".repeat(43)}.ics`,
      `/api/calendar-feed/${changed}.ics`,
      `/api/calendar-feed/${token}`,
      "/api/calendar-feed/nope.ics",
    ]) {
      const response = await t.request(tried);
      expect(response.status, tried).toBe(404);
      expect(await response.text()).toBe("No such calendar feed.");
    }
  });

  it("members and visitors get no feed and cannot renew one", async () => {
    expect((await callAs(t, member, "/api/calendar-feed")).status).toBe(403);
    expect((await callAs(t, null, "/api/calendar-feed")).status).toBe(401);
    expect((await callAs(t, member, "/api/calendar-feed/renew", jsonPost({}))).status).toBe(403);
    expect((await callAs(t, null, "/api/calendar-feed/renew", jsonPost({}))).status).toBe(401);
  });

  it("a demoted admin's feed stops", async () => {
    const other = await signUpAdmin(t);
    const url = await feedUrl(other);
    expect((await fetchFeed(url)).status).toBe(200);
    await t.database.db.update(users).set({ role: "member" }).where(eq(users.id, other.id));
    expect((await fetchFeed(url)).status).toBe(404);
  });
});
