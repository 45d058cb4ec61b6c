import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addOns, outbox } from "~/.server/db/schema";
import type { ApiBooking } from "~/features/bookings/bookings.schema";
import { formatPrice } from "~/lib/money";
import { newObjectId } from "~/lib/object-id";
import { defaultSiteConfig } from "~/lib/site-config";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { noticesTo, writtenMessages } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 27: a booked visit's e-mails give what it costs as it was priced when booked (its lines and
 * total) and name its vehicle, from the request to "ready for pickup", which says what to pay at
 * the counter. Here a single service booked without a package, which had no price before.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_EMAIL: "desk@example.com" } });
let admin: TestAccount;
const petHair = newObjectId();

beforeAll(async () => {
  admin = await signUpAdmin(t);
  await t.database.db
    .insert(addOns)
    .values({ id: petHair, name: "Pet-hair removal", priceCents: 3000, durationMinutes: 30 });
});

const amount = (value: number) => (value < 0 ? `−${formatPrice(-value)}` : formatPrice(value));

/** A guest's Hand Wash for a silver Honda CR-V (an SUV) with one add-on; the booking as the API reads it. */
async function bookCrv(email: string, preferredDate: string, preferredTimeSlot: string) {
  const body = buildBookingRequest({
    email,
    vehicleType: "SUV",
    serviceType: "Hand Wash",
    preferredDate,
    preferredTimeSlot,
    addOns: [petHair],
    vehicleMake: "Honda",
    vehicleModel: "CR-V",
    vehicleColor: "Silver",
  });
  const created = await callAs(t, null, "/api/bookings", jsonPost(body));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { body: list } = await callAs(t, admin, `/api/bookings?q=${encodeURIComponent(email)}`);
  return (list as ApiBooking[])[0]!;
}

/** The e-mail's text lines that give the booking's price, as a customer reads them. */
const priceLines = (booking: ApiBooking, value = formatPrice(booking.total)) => [
  `Price: ${value}`,
  ...booking.lines.map((line) => `  ${line.label}: ${amount(line.amount)}`),
];

describe("a priced visit's e-mails", () => {
  it("give its lines and total, and name the vehicle, in the customer's e-mail, the shop's copy and the reminder", async () => {
    const email = "crv.owner@example.com";
    const booking = await bookCrv(email, inDays(6), "11:00–13:00");
    // The service for an SUV's class, then the add-on: a total the lines add up to.
    expect(booking.lines.map((line) => line.label)).toEqual(["Hand Wash (Medium)", "Pet-hair removal"]);
    expect(booking.total).toBeGreaterThan(0);
    expect(booking.total).toBeCloseTo(booking.lines[0]!.amount + booking.lines[1]!.amount, 2);

    const [received] = await noticesTo(t, email);
    expect(received!.subject).toMatch(/^We received your booking request/);
    const expected = [...priceLines(booking), "Vehicle: Silver Honda CR-V (SUV, 2019)"];
    expect(received!.text.split("\n")).toEqual(expect.arrayContaining(expected));
    expect(received!.html).toContain(formatPrice(booking.total));

    const copy = (await noticesTo(t, "desk@example.com")).find((mail) => mail.text.includes(email));
    expect(copy!.text.split("\n")).toEqual(expect.arrayContaining(expected));

    const [reminder] = await writtenMessages(t, and(eq(outbox.to, email), eq(outbox.kind, "reminder")));
    expect(reminder!.text.split("\n")).toEqual(expect.arrayContaining(expected));

    // The team confirms: the change e-mail gives the same price.
    expect(
      (await callAs(t, admin, `/api/bookings/${booking._id}`, jsonPost({ status: "confirmed" }, { method: "PATCH" })))
        .status,
    ).toBe(200);
    const confirmed = (await noticesTo(t, email)).find((mail) => /^Your booking is confirmed/.test(mail.subject));
    expect(confirmed!.text.split("\n")).toEqual(expect.arrayContaining(expected));
  });

  it("'ready for pickup' gives the total to pay at the counter, with its lines", async () => {
    const email = "crv.pickup@example.com";
    const booking = await bookCrv(email, inDays(0), "Anytime");
    expect(
      (await callAs(t, admin, `/api/bookings/${booking._id}/stage`, jsonPost({ stage: "ready" }, { method: "PUT" })))
        .status,
    ).toBe(200);
    const [ready] = await writtenMessages(t, and(eq(outbox.to, email), eq(outbox.kind, "ready")));
    expect(ready!.subject).toMatch(/^Your car is ready for pickup/);
    expect(ready!.text.split("\n")).toEqual(
      expect.arrayContaining([
        `Your Silver Honda CR-V is ready for pickup at ${defaultSiteConfig.name}.`,
        ...priceLines(booking, `${formatPrice(booking.total)} to pay at the counter`),
      ]),
    );
  });
});
