import { describe, expect, it } from "vitest";
import { bookingChangeRecord } from "./booking-audit.server";

const booking = {
  id: "6760a1b2c3d4e5f601234567",
  status: "pending",
  preferredDate: "2026-11-28",
  preferredTimeSlot: "09:00–11:00",
};

describe("bookingChangeRecord", () => {
  it("says a move in the product's words, with just the fields that moved", () => {
    expect(
      bookingChangeRecord(booking, { ...booking, preferredDate: "2026-11-30", preferredTimeSlot: "13:00–15:00" }),
    ).toEqual({
      kind: "booking.move",
      subjectType: "booking",
      subjectId: booking.id,
      summary: "Moved from Sat, Nov 28, 9–11 AM to Mon, Nov 30, 1–3 PM",
      before: { preferredDate: "2026-11-28", preferredTimeSlot: "09:00–11:00" },
      after: { preferredDate: "2026-11-30", preferredTimeSlot: "13:00–15:00" },
    });
  });

  it("says a status change, with a note of why; a move and a status together are one record", () => {
    expect(
      bookingChangeRecord(booking, { ...booking, status: "confirmed" }, "confirmed together with 2 more"),
    ).toMatchObject({
      kind: "booking.status",
      summary: "Status pending → confirmed (confirmed together with 2 more)",
      before: { status: "pending" },
      after: { status: "confirmed" },
    });
    expect(
      bookingChangeRecord(
        { ...booking, status: "cancelled" },
        { ...booking, status: "confirmed", preferredTimeSlot: "Anytime" },
      ),
    ).toMatchObject({
      kind: "booking.move",
      summary: "Moved from Sat, Nov 28, 9–11 AM to Sat, Nov 28, any time; status cancelled → confirmed",
      before: { preferredTimeSlot: "09:00–11:00", status: "cancelled" },
    });
  });

  it("is null when nothing changed", () => {
    expect(bookingChangeRecord(booking, { ...booking })).toBeNull();
  });
});
