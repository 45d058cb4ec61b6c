import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/.server/db/schema";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, buildBookingRequest, inDays, insertBookings } from "../../tests/factories";
import { noticesTo, writtenMessages } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 49: a booking's every e-mail to its customer is in the booking's language, subject
 * included, with Spanish dates and times ("sáb, 28 nov", "9–11 a. m.") and links to the /es pages;
 * an English booking's stay as they were (their own tests hold their words). The team's notice
 * stays English.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_TIMEZONE: "America/New_York" } });
let admin: TestAccount;
let seq = 0;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  const desk = jsonPost({ notifyEmail: "desk@example.com" }, { method: "PATCH" });
  expect((await callAs(t, admin, "/api/booking-settings", desk)).status).toBe(200);
});

/** "sáb, 28 nov, 9–11 a. m.": a Spanish short day and window (a non-breaking space inside "a. m."). */
const SPANISH_WHEN =
  /(lun|mar|mié|jue|vie|sáb|dom), \d{1,2} [a-z]{3}, \d{1,2}(:\d\d)?–\d{1,2}(:\d\d)? (a|p)\.\u00a0m\./;

async function booked(locale: "en" | "es", extra: Parameters<typeof buildBooking>[0] = {}) {
  const email = `idioma${++seq}@example.com`;
  const [row] = await insertBookings(t.database.db, [
    buildBooking({ email, locale, preferredDate: inDays(20), preferredTimeSlot: "09:00–11:00", ...extra }),
  ]);
  return { id: row!.id, email, token: t.services.manageLinks.manageToken(row!.id) };
}
const viaLink = (token: string, action: string, body: object) =>
  callAs(t, null, `/api/bookings/manage/${token}/${action}`, jsonPost(body));
const byStaff = (id: string, body: object) =>
  callAs(t, admin, `/api/bookings/${id}`, jsonPost(body, { method: "PATCH" }));
const last = async (email: string) => (await noticesTo(t, email)).at(-1)!;

describe("a Spanish booking's e-mails", () => {
  it("confirm the request in Spanish, with the manage link under /es, and remind in Spanish", async () => {
    const email = "reserva.es@example.com";
    const request = buildBookingRequest({ email, locale: "es", promoCode: "WASH5" });
    const answer = await callAs(t, null, "/api/bookings", jsonPost(request));
    expect(answer.status).toBe(201);
    const mail = await last(email);
    expect(mail.subject).toMatch(new RegExp(`^Recibimos tu solicitud de cita – ${SPANISH_WHEN.source}$`));
    expect(mail.text).toContain("Hola, Jamie:");
    expect(mail.text).toContain("Cuándo: ");
    expect(mail.text).toContain("Servicio: Lavado a mano");
    // The priced lines, stored in the shop's English, read in Spanish (the size class as the shop named it).
    expect(mail.text).toMatch(/\n {2}Lavado a mano \(Small\): \$\d+\.\d\d\n {2}WASH5 \(5% de descuento\): −\$\d/);
    expect(mail.text).toContain("Vehículo: Auto (2019)");
    const calendar = String(mail.attachments[0]!.content).replace(/\r\n /g, "");
    expect(calendar).toContain("SUMMARY:Lavado a mano en Sparkle Auto Spa (pendiente de confirmación)");
    expect(calendar).toContain("Preguntas o cambios: ");
    expect(mail.text).toContain("Estado: Pendiente");
    expect(mail.text).toContain(`/es/booking/manage/${answer.body.manageToken}`);
    expect(mail.text).toContain("Al llegar");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).not.toMatch(/\b(Hi|When|Service|Manage your booking|AM|PM)\b/);

    const [reminder] = await writtenMessages(t, and(eq(outbox.to, email), eq(outbox.kind, "reminder")));
    expect(reminder!.subject).toMatch(new RegExp(`^Recordatorio: tu visita del ${SPANISH_WHEN.source}$`));
    expect(reminder!.text).toContain("¿No puedes venir?");

    // The team's notice of the request stays English.
    const notice = (await noticesTo(t, "desk@example.com")).find((m) => m.text.includes(email));
    expect(notice!.subject).toMatch(/^New booking request: Jamie Rivera, \w{3}, \w{3} \d{1,2}, 9–11 AM$/);
    expect(notice!.text).toContain("Service: Hand Wash");
  });

  it("tell of a confirmation, a move and a cancellation in Spanish", async () => {
    const confirmed = await booked("es");
    expect((await byStaff(confirmed.id, { status: "confirmed" })).status).toBe(200);
    expect((await last(confirmed.email)).subject).toMatch(/^Tu cita está confirmada – /);
    expect((await last(confirmed.email)).text).toContain("¡Buenas noticias! Tu cita está confirmada. Te esperamos.");

    const moved = await booked("es");
    const to = { preferredDate: inDays(21), preferredTimeSlot: "15:00–17:00" };
    expect((await viaLink(moved.token, "reschedule", to)).status).toBe(200);
    const move = await last(moved.email);
    expect(move.subject).toMatch(/^Cambiaste tu cita – .* p\.\u00a0m\.$/);
    expect(move.text).toMatch(/Cambiaste tu cita de \S+, \d{1,2} [a-z]{3}, 9–11 a\.\u00a0m\. a /);
    expect(move.text).toContain("Antes: ");

    const cancelled = await booked("es");
    expect((await byStaff(cancelled.id, { status: "cancelled" })).status).toBe(200);
    const cancel = await last(cancelled.email);
    expect(cancel.subject).toMatch(/^Cancelamos tu cita – /);
    expect(cancel.html).toMatch(/<a href="http:\/\/[^"]+\/es\/booking"[^>]*>Reservar de nuevo<\/a>/);
  });

  it("ask for a new time in Spanish when the shop closes the day", async () => {
    const visit = await booked("es", { preferredDate: inDays(23) });
    const closed = await callAs(t, admin, "/api/closed-dates", jsonPost({ date: inDays(23), reason: "Inundación" }));
    expect(closed.status).toBe(201);
    const [mail] = await writtenMessages(
      t,
      and(eq(outbox.bookingId, visit.id), eq(outbox.template, "booking-closure")),
    );
    expect(mail!.subject).toMatch(/^Cerramos el \S+, \d{1,2} [a-z]{3}: elige un nuevo horario, por favor$/);
    expect(mail!.text).toContain("(Inundación), el día de tu visita.");
    expect(mail!.text).toContain(`/es/booking/manage/${visit.token}`);
  });

  it("say the car is ready in Spanish, with the closing time in Spanish", async () => {
    const visit = await booked("es", { preferredDate: inDays(0), preferredTimeSlot: "Anytime", status: "confirmed" });
    const ready = await callAs(
      t,
      admin,
      `/api/bookings/${visit.id}/stage`,
      jsonPost({ stage: "ready" }, { method: "PUT" }),
    );
    expect(ready.status).toBe(200);
    const [mail] = await writtenMessages(t, and(eq(outbox.bookingId, visit.id), eq(outbox.kind, "ready")));
    expect(mail!.subject).toBe("Tu vehículo está listo para recoger – Sparkle Auto Spa");
    expect(mail!.text).toContain("Tu vehículo está listo para recoger en Sparkle Auto Spa.");
    expect(mail!.text).toMatch(
      /Pasa a recogerlo hoy cuando te quede bien(: abrimos hasta las \d{1,2} p\.\u00a0m\.)?\./,
    );
  });
});

describe("an English booking's e-mails", () => {
  it("stay English", async () => {
    const visit = await booked("en");
    expect((await byStaff(visit.id, { status: "confirmed" })).status).toBe(200);
    const mail = await last(visit.email);
    expect(mail.subject).toMatch(/^Your booking is confirmed – \w{3}, \w{3} \d{1,2}, 9–11 AM$/);
    expect(mail.text).toContain(`/booking/manage/${visit.token}`);
    expect(mail.text).not.toContain("/es/");
    expect(mail.html).toContain('<html lang="en">');
  });
});
