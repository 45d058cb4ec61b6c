import { describe, expect, it } from "vitest";
import { callAs, signUp } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

const t = setupTestApp();

describe("My Bookings' order", () => {
  it("lists upcoming visits first, soonest first, then past ones, latest first, whenever they were asked for", async () => {
    const account = await signUp(t);
    const at = (days: number, slot: string, name: string) =>
      buildBooking({ email: account.email, preferredDate: inDays(days), preferredTimeSlot: slot, fullName: name });
    // Inserted in a jumbled order: the order of the requests is not the order of the visits.
    await insertBookings(t.database.db, [
      at(-3, "09:00–11:00", "past, 3 days ago"),
      at(5, "13:00–15:00", "in 5 days, 1 PM"),
      at(-20, "15:00–17:00", "past, 20 days ago"),
      at(1, "11:00–13:00", "tomorrow"),
      at(5, "09:00–11:00", "in 5 days, 9 AM"),
    ]);
    const list = await callAs(t, account, "/api/bookings");
    expect((list.body as { fullName: string }[]).map((b) => b.fullName)).toEqual([
      "tomorrow",
      "in 5 days, 9 AM",
      "in 5 days, 1 PM",
      "past, 3 days ago",
      "past, 20 days ago",
    ]);
  });
});
