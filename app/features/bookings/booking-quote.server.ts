import { and, eq, sql } from "drizzle-orm";
import { actorCan, type Actor } from "~/lib/access";
import { businessToday } from "~/lib/business-date";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/.server/db/client";
import { bookings, vehicles } from "~/.server/db/schema";
import type { BookingServiceOptions } from "./booking-context";
import { promoError, PROMO_USED, refusePromo, refuseUnpriced } from "./booking-refusals.server";
import { PROMO_CODE, REBOOK_REFUSED, type BookingRequest, type ServiceChoice } from "./bookings.schema";

/**
 * What a booking body costs and takes, before anything is claimed: the vehicle, the promo, the
 * visit priced from ids alone. The form's quote and promo check call these through the composer;
 * a booking request (booking-request.server.ts) and the waitlist's join (waitlist-places.server.ts)
 * price the same way.
 */

const UNKNOWN_VEHICLE = "Choose one of your vehicles.";

/** What a quote reads the database and the catalogue through. */
export type QuoteContext = { db: Database } & Pick<BookingServiceOptions, "pricing" | "rebook" | "club" | "timeZone">;

/** What a quote reads of a booking body: the rest of the body is neither needed nor trusted. */
export type QuoteBody = Pick<BookingRequest, "vehicleType" | "serviceType" | "promoCode" | "addOns"> &
  Partial<
    Pick<
      BookingRequest,
      | "planId"
      | "oilType"
      | "packageSelection"
      | "vehicleId"
      | "vehicleYear"
      | "vehicleMake"
      | "vehicleModel"
      | "vehicleColor"
      | "vehiclePlate"
      | "rebook"
      | "preferredDate"
      | "email"
      | "phone"
    >
  >;

/**
 * What a booking body costs and takes, as the form's quote (POST /api/bookings/quote) and the
 * booking itself compute it: the vehicle (a member's garage vehicle decides its own type), the
 * promo's code, and the visit priced from ids alone (pricing: price-visit.ts): the package asked
 * for by id, or the catalogue's newest package of the chosen tier, or the service alone, for the
 * vehicle's size class with its add-ons and the promo; its length is the visit's.
 */
export async function quoteBooking(context: QuoteContext, actor: Actor | null, request: QuoteBody) {
  const vehicle = await chosenVehicle(context, actor, request);
  const promoCode = request.promoCode.trim().toUpperCase();
  refusePromo(promoCode);
  const club = await clubAnswer(context, actor, request, vehicle.vehiclePlate);
  const offered = club.cover ? { name: club.cover.planName, covers: club.cover.covers } : undefined;
  const service = await context.pricing.quoteVisit({
    ...request,
    vehicleType: vehicle.vehicleType,
    promoCode,
    club: offered,
  });
  refuseUnpriced(promoCode, service);
  const cover = service.clubCovered ? club.cover : null;
  const note = cover
    ? cover.lastWash
      ? "This visit uses the last wash of your pack."
      : null
    : club.cover
      ? `Your Wash Club covers the ${request.serviceType ?? "service"} itself, not a package: this visit is priced as usual.`
      : club.note;
  return { vehicle, promoCode, service, club: cover, note };
}

/**
 * The Wash Club's answer for this visit (issue 47): a signed-in member's by their verified e-mail
 * alone (a plate or phone typed in would let anyone borrow a membership); at the counter, the
 * customer's e-mail, phone or plate. A visitor is never looked up: the quote tells nobody who is
 * a member. The day is the visit's, else today.
 */
async function clubAnswer(context: QuoteContext, actor: Actor | null, request: QuoteBody, plate: string) {
  const none = { cover: null, note: null };
  if (!context.club || !actor) return none;
  const holder = actorCan(actor, "desk")
    ? { email: request.email, phone: request.phone, plate }
    : actor.emailVerified
      ? { email: actor.email }
      : null;
  if (!holder) return none;
  const date = request.preferredDate ?? businessToday(context.timeZone);
  return context.club.findCover(holder, { serviceType: request.serviceType, date });
}

/**
 * The form's quote (POST /api/bookings/quote): priced as the booking will be, and a signed-in
 * member who has used WASH5 is told so at once, as the booking would tell them (decisions/029).
 */
export async function quoteForForm(context: QuoteContext, actor: Actor | null, request: QuoteBody) {
  const { promoCode, service, note } = await quoteBooking(context, actor, request);
  if (promoCode) await refuseOwnUsedPromo(context.db, actor);
  return { ...service, note };
}

/**
 * Whether WASH5 applies to this choice, before the form shows what it takes off: the code, a
 * package's price, and for a signed-in member their own earlier use. A visitor's e-mail is never
 * looked up, so the answer is the same for every address (decisions/029); the booking's claim
 * judges it again.
 */
export async function checkPromo(
  context: QuoteContext,
  actor: Actor | null,
  choice: ServiceChoice & { promoCode: string },
) {
  const promoCode = choice.promoCode.trim().toUpperCase();
  if (!promoCode) throw promoError("Enter a promo code.");
  refusePromo(promoCode);
  const quote = await context.pricing.quoteVisit({ ...choice, promoCode });
  refuseUnpriced(promoCode, quote);
  await refuseOwnUsedPromo(context.db, actor);
  return { promoCode, discount: quote.discountCents / 100, finalPrice: quote.totalCents / 100 };
}

/** A member's own earlier WASH5 (never a visitor's e-mail: that would tell strangers who booked). */
async function refuseOwnUsedPromo(db: Database, actor: Actor | null) {
  if (actor && !actorCan(actor, "desk") && (await promoUsedBy(db, actor.email))) throw promoError(PROMO_USED.member);
}

async function promoUsedBy(db: Database, email: string): Promise<boolean> {
  const [used] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.email, email.toLowerCase()),
        eq(bookings.promoCode, PROMO_CODE),
        sql`${bookings.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return used !== undefined;
}

/**
 * The vehicle as the booking keeps it: the oil change's vehicle when the form came from a due
 * reminder's link (its garage id or plate too, so the booking counts as that vehicle's next oil
 * change and the reminders stop), a member's garage vehicle when one is chosen (its type, year,
 * make, model and plate: the server's, not the form's), else what the form says.
 */
async function chosenVehicle({ db, rebook }: QuoteContext, actor: Actor | null, request: QuoteBody) {
  if (request.rebook !== undefined) {
    const vehicle = rebook ? await rebook.vehicle(request.rebook) : null;
    if (!vehicle) throw new AppError("validation_failed", REBOOK_REFUSED, { rebook: REBOOK_REFUSED });
    return vehicle;
  }
  if (request.vehicleId) {
    const [car] = actor
      ? await db
          .select()
          .from(vehicles)
          .where(and(eq(vehicles.id, request.vehicleId), eq(vehicles.userId, actor.id)))
      : [];
    if (!car) throw new AppError("validation_failed", UNKNOWN_VEHICLE, { vehicleId: UNKNOWN_VEHICLE });
    return {
      vehicleId: car.id,
      vehicleType: car.vehicleType,
      vehicleYear: car.year,
      vehicleMake: car.make,
      vehicleModel: car.model,
      vehicleColor: car.color,
      vehiclePlate: car.plate,
    };
  }
  return {
    vehicleId: null,
    vehicleType: request.vehicleType as string,
    vehicleYear: request.vehicleYear ?? null,
    vehicleMake: request.vehicleMake ?? "",
    vehicleModel: request.vehicleModel ?? "",
    vehicleColor: request.vehicleColor ?? "",
    vehiclePlate: request.vehiclePlate ?? "",
  };
}
