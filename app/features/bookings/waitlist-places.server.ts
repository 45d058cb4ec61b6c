import type { SQL } from "drizzle-orm";
import { actorCan, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import type { Database } from "~/.server/db/client";
import { toClaim } from "./booking-claim.server";
import type { BookingServiceOptions } from "./booking-context";
import { quoteBooking, type QuoteBody } from "./booking-quote.server";
import { hasStarted, refuseTooFar } from "./booking-refusals.server";
import type { PreparedBooking, RequestMethods } from "./booking-request.server";
import type { BookingRequest } from "./bookings.schema";
import { claimPlaceCall, heldPlaces, type Tx } from "./slot-claims.server";
import { dayWindows, occupiedSlots, offeredArrival, slotPlan } from "./slot-plan";
import { windowLabels } from "./shop-hours";

/**
 * What the waitlist (issue 29) needs of the bookings, handed to it by the services (a feature
 * reaches another only through its schema): the day's windows and which fit a visit, the places
 * left, the claim that holds a place (claim_place, the one capacity rule), and a booking of a held
 * place made with the same checks and row as POST /api/bookings.
 */
export function createWaitlistPlaces(
  db: Database,
  { settings, timeZone, pricing, rebook }: Pick<BookingServiceOptions, "settings" | "timeZone" | "pricing" | "rebook">,
  requests: Pick<RequestMethods, "prepareBooking" | "bookHeldPlace">,
) {
  return {
    async day(date: string) {
      const rules = await settings.rules();
      const windows = dayWindows(date, rules.shop);
      const all = windowLabels(rules.shop);
      const held = (await heldPlaces(db, date, date, all)).get(date) ?? new Map<string, number>();
      return {
        windows,
        leadMinutes: rules.shop.leadMinutes,
        fits: (slot: string, minutes: number) => slotPlan(date, slot, minutes, rules.shop).fits,
        arrival: (slot: string, minutes: number) => offeredArrival(date, slot, minutes, rules.shop),
        started: (slot: string, leadMinutes = rules.shop.leadMinutes) =>
          hasStarted(timeZone, date, slot, Date.now(), leadMinutes),
        hasRoom: (slot: string, minutes: number) =>
          occupiedSlots(slot, minutes, all).every((s) => (held.get(s) ?? 0) < rules.bays),
        take(slot: string, minutes: number) {
          for (const s of occupiedSlots(slot, minutes, all)) held.set(s, (held.get(s) ?? 0) + 1);
        },
        holdCall: (slot: string, minutes: number): SQL<string> =>
          claimPlaceCall(toClaim(timeZone, { date, slot, minutes, newDate: true }, rules)),
      };
    },

    async joinChecks(actor: Actor | null, body: WaitlistJoinBody) {
      const rules = await settings.rules();
      const labels = windowLabels(rules.shop);
      for (const slot of body.slots)
        if (!labels.includes(slot))
          throw new AppError("validation_failed", "Please check the highlighted fields.", {
            slots: "Choose the arrival windows that would do",
          });
      if (!actorCan(actor, "desk")) refuseTooFar(timeZone, body.preferredDate, rules.shop);
      const { service, vehicle } = await quoteBooking({ db, pricing, rebook, timeZone }, actor, body);
      const windows = dayWindows(body.preferredDate, rules.shop);
      const wanted = body.slots.length ? body.slots : windows;
      const fitting = wanted.filter(
        (slot) =>
          windows.includes(slot) &&
          slotPlan(body.preferredDate, slot, service.minutes, rules.shop).fits &&
          !hasStarted(timeZone, body.preferredDate, slot, Date.now(), rules.shop.leadMinutes),
      );
      if (fitting.length === 0) {
        const message = "None of those arrival windows fits this visit that day. Choose other windows or another day.";
        throw new AppError("conflict", message, { slots: message });
      }
      const addOns = service.addOnIds.length ? service.lines.slice(1, 1 + service.addOnIds.length) : [];
      const summary = [
        `${service.packageName ?? body.serviceType} (${vehicle.vehicleType})`,
        ...addOns.map((line) => line.label),
      ].join(" + ");
      return { minutes: service.minutes, summary };
    },

    async prepare(actor: Actor | null, request: BookingRequest): Promise<PreparedBooking> {
      const prepared = await requests.prepareBooking(actor, request);
      if ("decoy" in prepared) throw new Error("A waitlist booking has no honeypot.");
      return prepared;
    },

    book: (tx: Tx, prepared: PreparedBooking, offerId: string) => requests.bookHeldPlace(tx, prepared, offerId),

    today: (at?: Date) => businessToday(timeZone, at),

    /** When a visit of `minutes` must arrive in `slot` on `date`, as its booking would say it (offeredArrival). */
    async arrival(date: string, slot: string, minutes: number) {
      return offeredArrival(date, slot, minutes, (await settings.rules()).shop);
    },
  };
}

/** What joining the waitlist is checked by: the booking body's priced part, the day and the windows that would do. */
export type WaitlistJoinBody = QuoteBody & { preferredDate: string; slots: string[] };
export type WaitlistPlaceMethods = ReturnType<typeof createWaitlistPlaces>;
