import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/.server/db/schema";
import { addPeriod } from "~/features/club/club-dates";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { callAs, jsonPost, signUpAs, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { insertOilChangeVisit } from "../../tests/oil-change-visits";
import { noticesTo, writtenMessages } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 49: the till's, the Wash Club's and the follow-ups' e-mails to a customer are in the
 * language of their sale or visit: a gift card, a membership and its renewal reminder, a receipt,
 * a review request, a due reminder. Their English words are their own tests'.
 */
const t = setupTestApp({ env: { BUSINESS_TIMEZONE: "America/New_York" } });
let staff: TestAccount;
let manager: TestAccount;
const call = (who: TestAccount, path: string, body: unknown, method = "POST") =>
  callAs(t, who, path, jsonPost(body, { method }));
const sweep = (at: Date) => t.services.followUps.runDue(at);

beforeAll(async () => {
  [staff, manager] = await Promise.all([signUpAs(t, "staff"), signUpAs(t, "manager")]);
});

describe("a Spanish customer's sales e-mails", () => {
  it("a gift card's code", async () => {
    const sold = await call(staff, "/api/gift-cards", {
      amount: 25,
      email: "regalo@example.com",
      locale: "es",
      payment: { method: "cash", amount: 25 },
    });
    expect(sold.status).toBe(201);
    const [mail] = await noticesTo(t, "regalo@example.com");
    expect(mail!.subject).toBe("Tu tarjeta de regalo de Sparkle Auto Spa: $25.00");
    expect(mail!.text).toContain(`Código: ${sold.body.code}`);
    expect(mail!.html).toContain('<html lang="es">');
  });

  it("a membership's card, and its renewal reminder", async () => {
    expect((await call(manager, "/api/service-prices/Hand%20Wash", { price: 25, minutes: 30 }, "PUT")).status).toBe(
      200,
    );
    const plan = await call(manager, "/api/membership-plans", {
      name: "Ilimitado",
      kind: "unlimited",
      price: 29.99,
      period: "month",
      covers: ["Hand Wash"],
    });
    const sale = { planId: plan.body._id, name: "Rosa Díaz", email: "rosa@example.com", locale: "es" };
    expect(
      (await call(staff, "/api/memberships", { ...sale, payment: { method: "cash", amount: 29.99 } })).status,
    ).toBe(201);
    const [card] = await noticesTo(t, "rosa@example.com");
    expect(card!.subject).toMatch(/^Bienvenido al Club de Lavado de Sparkle Auto Spa: tu tarjeta WC-\d{8}$/);
    expect(card!.text).toContain("Plan: Ilimitado\n  $29.99 al mes");
    expect(card!.text).toMatch(/Válida hasta: \S+, \d{1,2} de \S+/);

    const ends = addPeriod(inDays(0), "month");
    await sweep(zonedTimeToUtc(addDays(ends, -7), "09:00", "America/New_York"));
    const [reminder] = await writtenMessages(
      t,
      and(eq(outbox.to, "rosa@example.com"), eq(outbox.template, "membership-renewal")),
    );
    expect(reminder!.subject).toMatch(/^Tu membresía del Club de Lavado vence el /);
    expect(reminder!.text).toContain("Dejar de recibir recordatorios de renovación del Club de Lavado (http");
    expect(reminder!.text).toMatch(/\/es\/unsubscribe\//);
  });

  it("a visit's receipt", async () => {
    const [row] = await insertBookings(t.database.db, [
      buildBooking({
        email: "recibo@example.com",
        locale: "es",
        preferredDate: inDays(0),
        status: "confirmed",
        lines: [{ kind: "service", label: "Full Detail (Large)", amountCents: 5499, minutes: 240 }],
        totalCents: 5499,
      }),
    ]);
    const paid = await call(staff, `/api/bookings/${row!.id}/payments`, { method: "card", amount: 54.99, tip: 5 });
    expect(paid.status).toBe(201);
    const [receipt] = await writtenMessages(t, and(eq(outbox.bookingId, row!.id), eq(outbox.template, "receipt")));
    expect(receipt!.subject).toMatch(/^Tu recibo de Sparkle Auto Spa \([0-9A-F]{8}\)$/);
    // The stored line is the shop's English; the customer reads the service's name in Spanish.
    expect(receipt!.text).toContain("  Detallado completo (Large): $54.99");
    expect(receipt!.text).toContain("Total: $54.99");
    expect(receipt!.text).toContain("  Tarjeta: $54.99");
    expect(receipt!.text).toContain("  Propina, ¡gracias!: $5.00");
    expect(receipt!.text).toMatch(/Fecha de pago: \S+, \d{1,2} [a-z]{3}, \d{1,2}:\d\d (a|p)\.\u00a0m\./);
  });
});

describe("a Spanish visit's follow-ups", () => {
  it("a review request, then the oil change's due reminder", async () => {
    const { booking } = await insertOilChangeVisit(t, { email: "aceite@example.com", locale: "es" });
    await sweep(new Date("2026-09-05T15:00:00Z"));
    const [review] = await writtenMessages(
      t,
      and(eq(outbox.bookingId, booking.id), eq(outbox.template, "review-request")),
    );
    expect(review!.subject).toBe("¿Cómo estuvo tu visita a Sparkle Auto Spa?");
    expect(review!.text).toMatch(/Calificar tu visita: http:\/\/\S+\/es\/review\//);

    await sweep(zonedTimeToUtc("2027-02-24", "09:00", "America/New_York"));
    const [due] = await writtenMessages(t, and(eq(outbox.bookingId, booking.id), eq(outbox.template, "due-reminder")));
    expect(due!.subject).toBe("A tu Honda CR-V le toca cambio de aceite");
    expect(due!.text).toContain("alrededor del 3 de marzo o a las 41,500 millas");
    expect(due!.text).toContain("Odómetro: 34,000 millas");
    expect(due!.text).toContain("Dejar de recibir recordatorios de servicio");
  });
});
