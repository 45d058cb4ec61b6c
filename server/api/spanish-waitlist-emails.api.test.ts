import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "~/.server/clock";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { A, B, SHORT, waitlistHelpers } from "../../tests/waitlist";

/**
 * Issue 49: a waitlist entry made from a Spanish page ("locale": "es") gets each of the waitlist's
 * e-mails in Spanish: joined, a place held, the hold ended, the day closed. Their English words are
 * waitlist.api.test.ts's.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000", TEST_CLOCK: "true" } });
let admin: TestAccount;
const w = waitlistHelpers(t, () => admin);
const SPANISH = { ...SHORT, locale: "es" };

beforeAll(async () => {
  admin = await signUpAdmin(t);
  await w.oneBayNineToSeven();
});
afterAll(() => (t.services.clock as AdjustableClock).set(new Date()));

describe("a Spanish waitlist entry's e-mails", () => {
  it("say joined, held, ended and closed in Spanish, with links under /es", async () => {
    const date = inDays(12);
    const tokens = await w.fullDay(date);
    const entryId = await w.join(date, [A, B], SPANISH);

    const [joined] = await w.mailsOf(entryId, "waitlist-joined");
    expect(joined!.subject).toMatch(/^Estás en la lista de espera del \S+, \d{1,2} de \S+$/);
    expect(joined!.text).toContain("Llegada: 9–11 a.\u00a0m., 11 a.\u00a0m.–1 p.\u00a0m.");
    expect(joined!.text).toMatch(/Salir de la lista de espera \(http:\/\/[^)]+\/es\/waitlist\//);

    await w.cancel(tokens[A]!);
    const [offer] = await w.mailsOf(entryId, "waitlist-offer");
    // "hasta la 1:15", "hasta las 3:15": the hour's article, whatever the time the test runs at.
    expect(offer!.subject).toMatch(/^Se liberó un lugar el .+: es tuyo hasta (la 1|las ([2-9]|1[0-2])):\d\d/);
    expect(offer!.text).toMatch(/Reservar este lugar: http:\/\/[^\s]+\/es\/waitlist\/offer\//);

    await w.sweepAt(31);
    const [lapsed] = await w.mailsOf(entryId, "waitlist-lapsed");
    expect(lapsed!.subject).toMatch(/^Tu lugar apartado venció: sigues en la lista de espera del /);

    expect((await callAs(t, admin, "/api/closed-dates", jsonPost({ date, reason: "Tormenta" }))).status).toBe(201);
    const [closed] = await w.mailsOf(entryId, "waitlist-closed");
    expect(closed!.subject).toMatch(/^Cerramos el /);
    expect(closed!.text).toContain("(Tormenta), así que la lista de espera de ese día terminó");
    expect(closed!.html).toContain('<html lang="es">');
  });
});
