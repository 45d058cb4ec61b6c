import { buildShownBooking } from "../../../tests/factories";
import { describe, expect, it } from "vitest";
import {
  bookingCancelledEmail,
  bookingClosureEmail,
  bookingConfirmedEmail,
  bookingMovedEmail,
  storedUpdateEmail,
} from "./booking-change-emails";
import type { Booking } from "./bookings.schema";

const place = {
  name: "Sparkle Auto Spa",
  address: "1250 Harbor Boulevard, Springfield, NY 10001",
  phone: "(555) 014-2290",
  timeZone: "America/New_York",
  host: "carwash.example",
  publicUrl: "https://carwash.example",
};
const booking: Booking = buildShownBooking({
  vehicleType: "Car",
  serviceType: "Hand Wash",
  packageSelection: "",
  packageName: null,
  packagePrice: null,
  finalPrice: 24.99,
  preferredTimeSlot: "15:00–17:00",
  minutes: 60,
  // A single service, booked without a package, priced for the car's size class.
  lines: [{ label: "Hand Wash (Small)", amount: 24.99 }],
  total: 24.99,
  sizeClass: "small",
});
const base = {
  booking,
  at: "2026-11-21T10:00:00.000Z",
  sequence: 2,
  manageUrl: "https://carwash.example/booking/manage/token",
};
const from = { preferredDate: "2026-11-27", preferredTimeSlot: "09:00–11:00" as const };

describe("booking-moved", () => {
  it("after the customer's own move says 'You moved your booking', with the old time and the new", () => {
    const mail = bookingMovedEmail({ ...base, from, by: "customer" }, place);
    expect(mail.subject).toBe("You moved your booking – Sat, Nov 28, 3–5 PM");
    expect(mail.text).toContain("You moved your booking from Fri, Nov 27, 9–11 AM to Sat, Nov 28, 3–5 PM.");
    expect(mail.text).toContain("We will confirm the new time shortly.");
    expect(mail.text.split("\n")).toEqual(
      expect.arrayContaining([
        "When: Sat, Nov 28",
        "  Arrive between 3–5 PM (Eastern Standard Time)",
        "Before: Fri, Nov 27",
        "  Arrive between 9–11 AM (Eastern Standard Time)",
        "Service: Hand Wash",
        "Vehicle: Car (2020)",
        "Price: $24.99",
        "  Hand Wash (Small): $24.99",
      ]),
    );
    expect(mail.text).not.toContain("We moved");
    expect(mail.html).toContain("You moved your booking from Fri, Nov 27, 9–11 AM");
    expect(mail.attachments?.[0]?.filename).toBe("booking.ics");
  });

  it("after the team's move says 'We moved your booking', with the old time and how to change it", () => {
    const mail = bookingMovedEmail({ ...base, booking: { ...booking, status: "confirmed" }, from, by: "staff" }, place);
    expect(mail.subject).toBe("We moved your booking – Sat, Nov 28, 3–5 PM");
    expect(mail.text).toContain("We moved your booking from Fri, Nov 27, 9–11 AM to Sat, Nov 28, 3–5 PM.");
    expect(mail.text).toContain(`Manage your booking: ${base.manageUrl}`);
    expect(mail.text).not.toContain("You moved");
    expect(mail.text).toContain(
      `If the new time does not suit you, choose another (${base.manageUrl}) or call us at (555) 014-2290.`,
    );
    expect(mail.text).not.toMatch(/button/i);
  });
});

describe("booking-confirmed", () => {
  it("confirms, and names the old time when the team moved it as they confirmed", () => {
    const confirmed = { ...booking, status: "confirmed" as const };
    const plain = bookingConfirmedEmail({ ...base, booking: confirmed }, place);
    expect(plain.subject).toBe("Your booking is confirmed – Sat, Nov 28, 3–5 PM");
    expect(plain.text).toContain("Good news: your booking is confirmed. We look forward to seeing you.");
    expect(plain.text).not.toContain("Before:");
    // A service booked without a package has its price too.
    expect(plain.text).toContain("Price: $24.99\n  Hand Wash (Small): $24.99\n");
    const moved = bookingConfirmedEmail({ ...base, booking: confirmed, from }, place);
    expect(moved.subject).toBe("Your booking is confirmed for a new time – Sat, Nov 28, 3–5 PM");
    expect(moved.text).toContain("We moved it from Fri, Nov 27, 9–11 AM to Sat, Nov 28, 3–5 PM.");
  });
});

describe("booking-cancelled", () => {
  const cancelled = { ...booking, status: "cancelled" as const };

  it("in the words of who cancelled, with 'Book again' a real link to the booking page", () => {
    const own = bookingCancelledEmail({ ...base, booking: cancelled, by: "customer" }, place);
    expect(own.subject).toBe("You cancelled your booking – Sat, Nov 28, 3–5 PM");
    expect(own.text).toContain("You cancelled your booking.");
    const ours = bookingCancelledEmail({ ...base, booking: cancelled, by: "staff" }, place);
    expect(ours.subject).toBe("We cancelled your booking – Sat, Nov 28, 3–5 PM");
    expect(ours.text).toContain("We cancelled your booking. If that is a surprise, please call us at (555) 014-2290.");
    for (const mail of [own, ours]) {
      expect(mail.html).toMatch(/<a href="https:\/\/carwash\.example\/booking"[^>]*>Book again<\/a>/);
      expect(mail.text).toContain("Book again: https://carwash.example/booking");
      expect(mail.text).not.toContain("Manage your booking");
    }
  });
});

describe("booking-updated, the name messages were stored under before", () => {
  it("still writes each stored change out, naming no one where who did it was not stored", () => {
    const moved = storedUpdateEmail({ ...base, change: { status: false, slot: true, date: true } }, place);
    expect(moved.subject).toBe("Your booking has a new time – Sat, Nov 28, 3–5 PM");
    const cancelled = storedUpdateEmail(
      { ...base, booking: { ...booking, status: "cancelled" }, change: { status: true, slot: false, date: false } },
      place,
    );
    expect(cancelled.subject).toBe("Your booking was cancelled – Sat, Nov 28, 3–5 PM");
    const confirmed = storedUpdateEmail(
      { ...base, booking: { ...booking, status: "confirmed" }, change: { status: true, slot: false, date: false } },
      place,
    );
    expect(confirmed.subject).toBe("Your booking is confirmed – Sat, Nov 28, 3–5 PM");
    const waiting = storedUpdateEmail({ ...base, change: { status: true, slot: false, date: false } }, place);
    expect(waiting.subject).toBe("Your booking was updated – Sat, Nov 28, 3–5 PM");
  });
});

describe("a visit shortened to finish by closing (issue 43)", () => {
  // 5 hr 25 min in 11:00–13:00 on a Saturday, which closes at 6: the car must arrive by 12:35.
  const long = buildShownBooking({ preferredTimeSlot: "11:00–13:00", minutes: 325 });
  const earlier = { preferredDate: "2026-11-27", preferredTimeSlot: "11:00–13:00", arrival: long.arrival };

  it("says the window it must arrive in, and both ends of when it is ready, in every e-mail", () => {
    expect(long.arrival).toEqual({ start: "11:00", end: "12:35" });
    const moved = bookingMovedEmail({ ...base, booking: long, from: earlier, by: "customer" }, place);
    expect(moved.subject).toBe("You moved your booking – Sat, Nov 28, 11 AM–12:35 PM");
    expect(moved.text).toContain(
      "You moved your booking from Fri, Nov 27, 11 AM–12:35 PM to Sat, Nov 28, 11 AM–12:35 PM.",
    );
    expect(moved.text).toContain("Arrive between 11 AM–12:35 PM (Eastern Standard Time)");
    expect(moved.text).toContain("5 hr 25 min · ready between 4:25 and 6 PM");
    const closed = bookingClosureEmail(
      { booking: long, closure: { reason: "Snow" }, manageUrl: base.manageUrl },
      place,
    );
    expect(closed.text).toContain("Arrive between 11 AM–12:35 PM (Eastern Standard Time)");
  });

  it("still writes out a move stored before the old time kept its window: the slot's hours", () => {
    const { arrival: _, ...stored } = earlier;
    const moved = bookingMovedEmail({ ...base, booking: long, from: stored, by: "staff" }, place);
    expect(moved.text).toContain("We moved your booking from Fri, Nov 27, 11 AM–1 PM to Sat, Nov 28, 11 AM–12:35 PM.");
  });
});

describe("the closure e-mails (issue 29)", () => {
  it("asks the customer to choose a new time, with the reason, the note and the manage link", () => {
    const mail = bookingClosureEmail(
      { booking, closure: { reason: "Snow", message: "Stay safe!" }, manageUrl: base.manageUrl },
      place,
    );
    // The day is closed, not only the visit's window (m6 of the fourth walk).
    expect(mail.subject).toBe("We're closed on Sat, Nov 28: please choose a new time");
    expect(mail.text).toContain("we have to close on");
    expect(mail.text).toContain("(Snow), the day of your visit.");
    expect(mail.text).toContain("Stay safe!");
    expect(mail.text).toContain(`Choose a new time: ${base.manageUrl}`);
    expect(mail.attachments ?? []).toHaveLength(0);
  });

  it("says why a booking was cancelled when its day was closed, and names no reason when none was given", () => {
    const mail = bookingCancelledEmail({ ...base, by: "staff", closure: { reason: "" } }, place);
    expect(mail.subject).toMatch(/^We're closed on .+: your booking is cancelled$/);
    expect(mail.text).toMatch(/we have to close on [^(]+, so we have cancelled your booking\./);
    expect(mail.attachments).toHaveLength(1);
  });
});
