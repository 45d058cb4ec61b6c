import { buildShownBooking } from "../../../tests/factories";
import { describe, expect, it } from "vitest";
import { bookingCancelledEmail } from "./booking-change-emails";
import {
  bookingReceivedEmail,
  bookingReminderEmail,
  businessNoticeEmail,
  carReadyEmail,
  vehicleInSentence,
  visitWhen,
} from "./booking-emails";
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
  _id: "6760a1b2c3d4e5f601234567",
  fullName: "Ann Lee",
  phone: "+1 (555) 010-2000",
  email: "ann@example.com",
  vehicleType: "SUV",
  vehicleYear: 2020,
  serviceType: "Full Detail",
  packageSelection: "Premium",
  planId: null,
  packageName: "Platinum Full Detail",
  packagePrice: 189.99,
  promoCode: "WASH5",
  discount: 9.5,
  finalPrice: 180.49,
  preferredDate: "2026-11-28",
  preferredTimeSlot: "11:00–13:00",
  minutes: 240,
  specialInstructions: 'Gate code <script>alert("x")</script>\nRing twice',
  status: "pending",
  visitStage: null,
  overCapacity: false,
  createdAt: "2026-11-21T10:00:00.000Z",
});
const manage = "https://carwash.example/booking/manage/token";
const now = new Date("2026-11-21T10:00:00Z");

describe("booking e-mails", () => {
  it("read as a customer reads: friendly date, 12-hour window with the zone, package and price after WASH5, where and how", () => {
    const mail = bookingReceivedEmail(booking, place, now, manage);
    expect(mail.subject).toBe("We received your booking request – Sat, Nov 28, 11 AM–1 PM");
    for (const line of [
      "Hi Ann,",
      "When: Sat, Nov 28",
      "  Arrive between 11 AM–1 PM (Eastern Standard Time)",
      "Service: Full Detail · Platinum Full Detail",
      "  $189.99, WASH5 −$9.50: you pay $180.49",
      "Where: Sparkle Auto Spa, 1250 Harbor Boulevard, Springfield, NY 10001",
      "  Get directions: https://www.google.com/maps/search/?api=1&query=1250%20Harbor%20Boulevard%2C%20Springfield%2C%20NY%2010001",
      "Reference: 01234567",
      `Manage your booking: ${manage}`,
      "When you arrive",
      '- Pull into the lane marked "Check-in" and a team member will meet you.',
    ])
      expect(mail.text.split("\n")).toContain(line);
    expect(mail.html).toContain(`<a href="${manage}"`);
    expect(mail.html).toContain("background:#0a4f92");
  });

  it("escape what a customer typed in the HTML part and keep its line breaks", () => {
    const { html } = bookingReceivedEmail(booking, place, now, manage);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Gate code &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>Ring twice");
  });

  it("label the customer's remark as theirs in the business's copy, and link to Manage Bookings", () => {
    const copy = businessNoticeEmail(booking, "requested", "desk@carwash.example", place);
    expect(copy.text).toContain("Customer's note: Gate code");
    expect(copy.text).not.toContain("Your notes");
    expect(copy.text).toContain("Customer: Ann Lee\n  +1 (555) 010-2000 · ann@example.com");
    expect(copy.text).toContain("https://carwash.example/dashboard/manageBooking?q=ann%40example.com");
  });

  it("say 'any time that day' for Anytime, and leave out the manage button once cancelled", () => {
    const anytime = bookingReminderEmail({ ...booking, preferredTimeSlot: "Anytime" }, place, manage);
    expect(anytime.subject).toBe("Reminder: your visit on Sat, Nov 28, any time");
    expect(anytime.text).toContain("Any time that day (we will call to agree the time)");
    // A cancellation stored before who cancelled was kept names no one.
    const cancelled = bookingCancelledEmail(
      { booking: { ...booking, status: "cancelled" }, at: now.toISOString(), sequence: 3, manageUrl: manage },
      place,
    );
    expect(cancelled.subject).toBe("Your booking was cancelled – Sat, Nov 28, 11 AM–1 PM");
    expect(cancelled.text).not.toContain("Manage your booking");
    expect(cancelled.text).toContain("Status: Cancelled");
  });
});

describe("plain text", () => {
  it("points at no button: it gives the manage link in the sentence, and HTML links the words", () => {
    for (const mail of [
      bookingReceivedEmail(booking, place, now, manage),
      bookingReminderEmail(booking, place, manage),
    ]) {
      expect(mail.text).not.toMatch(/button/i);
      expect(mail.html).not.toMatch(/button above/i);
    }
    expect(bookingReceivedEmail(booking, place, now, manage).text).toContain(
      `To reschedule or cancel, manage your booking (${manage}) or call us at (555) 014-2290.`,
    );
    expect(bookingReminderEmail(booking, place, manage).text).toContain(
      `Can't make it? Reschedule or cancel (${manage}), or call us at (555) 014-2290.`,
    );
    expect(bookingReminderEmail(booking, place, manage).html).toContain(
      `Can&#39;t make it? <a href="${manage}" style="color:#0a4f92;font-weight:600">Reschedule or cancel</a>, or call us`,
    );
  });
});

describe("car ready", () => {
  it("names the vehicle in sentence case: 'Your car is ready', an SUV stays an SUV", () => {
    expect(carReadyEmail({ ...booking, vehicleType: "Car" }, place).text).toContain(
      "Your car is ready for pickup at Sparkle Auto Spa.",
    );
    expect(carReadyEmail(booking, place).subject).toBe("Your car is ready for pickup – Sparkle Auto Spa");
    expect(vehicleInSentence("SUV")).toBe("SUV");
    expect(vehicleInSentence("Pickup Truck")).toBe("pickup truck");
    expect(vehicleInSentence("Other")).toBe("vehicle");
  });
});

describe("visitWhen", () => {
  it("is worked out per date, slot and zone: a visit asked again in another zone or slot is not told the first answer", () => {
    for (let round = 0; round < 2; round++) {
      expect(visitWhen(booking, "America/New_York").arrive).toBe("Arrive between 11 AM–1 PM (Eastern Standard Time)");
      expect(visitWhen(booking, "America/Los_Angeles").arrive).toBe(
        "Arrive between 11 AM–1 PM (Pacific Standard Time)",
      );
      expect(visitWhen({ ...booking, preferredDate: "2026-07-04" }, "America/New_York").arrive).toBe(
        "Arrive between 11 AM–1 PM (Eastern Daylight Time)",
      );
      expect(visitWhen({ ...booking, preferredTimeSlot: "09:00–11:00" }, "America/New_York")).toMatchObject({
        day: "Sat, Nov 28",
        arrive: "Arrive between 9–11 AM (Eastern Standard Time)",
      });
    }
  });
});
