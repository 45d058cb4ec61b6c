import { buildShownBooking } from "../../../tests/factories";
import { describe, expect, it } from "vitest";
import { bookingCancelledEmail, bookingConfirmedEmail, bookingMovedEmail } from "./booking-change-emails";
import { bookingTemplates } from "./booking-templates";
import {
  bookingReceivedEmail,
  bookingReminderEmail,
  businessNoticeEmail,
  carReadyEmail,
  visitWhen,
} from "./booking-emails";
import { vehicleInSentence } from "~/features/garage/garage.schema";
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
  promoCode: "WASH5",
  discount: 13.15,
  finalPrice: 249.84,
  minutes: 285,
  specialInstructions: 'Gate code <script>alert("x")</script>\nRing twice',
  // An SUV prices as a Medium, with one add-on, then WASH5 off the whole visit.
  lines: [
    { label: "Platinum Full Detail (Medium)", amount: 227.99 },
    { label: "Pet-hair removal", amount: 35 },
    { label: "WASH5 (5% off)", amount: -13.15 },
  ],
  total: 249.84,
  addOns: ["6760a1b2c3d4e5f60123aaaa"],
  vehicleMake: "Honda",
  vehicleModel: "CR-V",
  vehicleColor: "Silver",
});
const manage = "https://carwash.example/booking/manage/token";
const now = new Date("2026-11-21T10:00:00Z");

describe("booking e-mails", () => {
  it("read as a customer reads: friendly date, 12-hour window with the zone, the job, the vehicle, the priced lines, where and how", () => {
    const mail = bookingReceivedEmail(booking, place, now, manage);
    expect(mail.subject).toBe("We received your booking request – Sat, Nov 28, 11 AM–1 PM");
    for (const line of [
      "Hi Ann,",
      "When: Sat, Nov 28",
      "  Arrive between 11 AM–1 PM (Eastern Standard Time)",
      "Service: Full Detail · Platinum Full Detail",
      "  4 hr 45 min · ready between 3:45 and 5:45 PM",
      "Vehicle: Silver Honda CR-V (SUV, 2020)",
      "Price: $249.84",
      "  Platinum Full Detail (Medium): $227.99",
      "  Pet-hair removal: $35",
      "  WASH5 (5% off): −$13.15",
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
    const anytime = bookingReminderEmail({ ...booking, preferredTimeSlot: "Anytime", arrival: null }, place, manage);
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

describe("the price", () => {
  const priced = [
    "Price: $249.84",
    "  Platinum Full Detail (Medium): $227.99",
    "  Pet-hair removal: $35",
    "  WASH5 (5% off): −$13.15",
  ];

  it("is given line by line with its total in the shop's copy, the reminder and every change e-mail", () => {
    const change = { booking, at: now.toISOString(), sequence: 2, manageUrl: manage };
    for (const mail of [
      businessNoticeEmail(booking, "requested", "desk@carwash.example", place),
      bookingReminderEmail(booking, place, manage),
      bookingConfirmedEmail(change, place),
      bookingMovedEmail(
        { ...change, from: { preferredDate: "2026-11-27", preferredTimeSlot: "09:00–11:00" }, by: "staff" },
        place,
      ),
      bookingCancelledEmail({ ...change, by: "customer" }, place),
    ]) {
      expect(mail.text.split("\n")).toEqual(
        expect.arrayContaining([...priced, "Vehicle: Silver Honda CR-V (SUV, 2020)"]),
      );
      // In HTML the amounts stand in a column of their own, the discount with its minus sign.
      expect(mail.html).toMatch(/Pet-hair removal<\/td><td[^>]*text-align:right[^>]*>\$35<\/td>/);
      expect(mail.html).toContain("−$13.15");
    }
  });

  it("is not mentioned for a booking with none: no price line, no total", () => {
    const unpriced = { ...booking, lines: [], total: null, packagePrice: null, finalPrice: null, discount: 0 };
    for (const mail of [
      bookingReceivedEmail(unpriced, place, now, manage),
      businessNoticeEmail(unpriced, "requested", "desk@carwash.example", place),
      carReadyEmail(unpriced, place),
    ]) {
      expect(mail.text).not.toMatch(/Price|\$\d/);
      expect(mail.html).not.toMatch(/Price|\$\d/);
    }
  });

  it("of a vehicle of type Other is confirmed at the shop", () => {
    const other = { ...booking, vehicleType: "Other", vehicleMake: "", vehicleModel: "", vehicleColor: "" };
    const mail = bookingReceivedEmail(other, place, now, manage);
    expect(mail.text).toContain("Vehicle: Other (2020)");
    expect(mail.text).toContain("  WASH5 (5% off): −$13.15\n  Price confirmed at the shop\n");
  });

  it("of a message stored before visits were priced by the vehicle is still given, from its package's price", () => {
    const {
      lines: _lines,
      total: _total,
      sizeClass: _sizeClass,
      addOns: _addOns,
      vehicleId: _vehicleId,
      vehicleMake: _make,
      vehicleModel: _model,
      vehicleColor: _color,
      vehiclePlate: _plate,
      ...before
    } = { ...booking, packagePrice: 189.99, discount: 9.5, finalPrice: 180.49 };
    const templates = bookingTemplates(place);
    const stored = JSON.parse(JSON.stringify({ booking: before, at: now.toISOString(), manageUrl: manage }));
    for (const mail of [
      templates["booking-received"](stored),
      templates["booking-reminder"](stored),
      templates["booking-business-notice"]({ ...stored, kind: "requested" }, "desk@carwash.example"),
      templates["booking-confirmed"]({ ...stored, sequence: 1 }),
    ])
      expect(mail.text.split("\n")).toEqual(
        expect.arrayContaining([
          "Vehicle: SUV (2020)",
          "Price: $180.49",
          "  Platinum Full Detail: $189.99",
          "  WASH5 (5% off): −$9.50",
        ]),
      );
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
  it("names the vehicle as the customer does, and gives the total to pay at the counter with its lines", () => {
    const mail = carReadyEmail(booking, place, 18 * 60);
    for (const line of [
      "Your Silver Honda CR-V is ready for pickup at Sparkle Auto Spa.",
      "Come and collect it whenever suits you today: we're open until 6 PM. Pay at the counter when you arrive.",
      "Questions? Call us at (555) 014-2290.",
      "Service: Full Detail · Platinum Full Detail",
      "Price: $249.84 to pay at the counter",
      "  Platinum Full Detail (Medium): $227.99",
      "  Pet-hair removal: $35",
      "  WASH5 (5% off): −$13.15",
    ])
      expect(mail.text.split("\n")).toContain(line);
    // Its length and finish time are behind it now, and the car is not late: it is the shop's to hand over.
    expect(mail.text).not.toContain("ready around");
    expect(mail.text).not.toContain("running late");
    expect(carReadyEmail(booking, place).text).toContain("whenever suits you today. Pay at the counter");
  });

  it("without a make or model names the type in sentence case: 'Your car is ready', an SUV stays an SUV", () => {
    const typeOnly = { ...booking, vehicleMake: "", vehicleModel: "", vehicleColor: "" };
    expect(carReadyEmail({ ...typeOnly, vehicleType: "Car" }, place).text).toContain(
      "Your car is ready for pickup at Sparkle Auto Spa.",
    );
    expect(carReadyEmail(typeOnly, place).text).toContain("Your SUV is ready for pickup at Sparkle Auto Spa.");
    expect(carReadyEmail(booking, place).subject).toBe("Your car is ready for pickup – Sparkle Auto Spa");
    expect(vehicleInSentence("SUV")).toBe("SUV");
    expect(vehicleInSentence("Pickup Truck")).toBe("pickup truck");
    expect(vehicleInSentence("Other")).toBe("vehicle");
  });
});

describe("visitWhen", () => {
  it("is worked out per date, window and zone: a visit asked again in another zone or window is not told the first answer", () => {
    for (let round = 0; round < 2; round++) {
      expect(visitWhen(booking, "America/New_York").arrive).toBe("Arrive between 11 AM–1 PM (Eastern Standard Time)");
      expect(visitWhen(booking, "America/Los_Angeles").arrive).toBe(
        "Arrive between 11 AM–1 PM (Pacific Standard Time)",
      );
      expect(visitWhen({ ...booking, preferredDate: "2026-07-04" }, "America/New_York").arrive).toBe(
        "Arrive between 11 AM–1 PM (Eastern Daylight Time)",
      );
      const early = { preferredTimeSlot: "09:00–11:00", arrival: { start: "09:00", end: "11:00" } };
      expect(visitWhen({ ...booking, ...early }, "America/New_York")).toMatchObject({
        day: "Sat, Nov 28",
        arrive: "Arrive between 9–11 AM (Eastern Standard Time)",
      });
      // The same slot, shortened so a longer visit is done by closing (issue 43).
      expect(visitWhen({ ...booking, arrival: { start: "11:00", end: "12:35" } }, "America/New_York")).toEqual({
        day: "Sat, Nov 28",
        arrive: "Arrive between 11 AM–12:35 PM (Eastern Standard Time)",
        short: "Sat, Nov 28, 11 AM–12:35 PM",
      });
      // A visit as an e-mail stored before bookings said their window holds it: the slot's hours.
      const { arrival: _, ...before } = booking;
      expect(visitWhen(before, "America/New_York").short).toBe("Sat, Nov 28, 11 AM–1 PM");
    }
  });
});
