import { vehicleName, withTypeAndYear, type Vehicle } from "~/features/garage/garage.schema";
import { addOnFits, type AddOn, type SizeClassId } from "~/features/pricing/pricing.schema";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";

/**
 * What a booking form has chosen so far, as the quote (POST /api/bookings/quote) and the
 * availability read it, and the words the form shows for add-ons and saved vehicles. Pure: the
 * forms (booking-form.tsx, the counter's) and their tests share it.
 */

/** The part of a booking that prices and times it: ids only, the server does the rest. */
export interface VisitChoice {
  vehicleType: string;
  vehicleId?: string;
  serviceType: string;
  planId?: string;
  packageSelection?: string;
  /** An oil change's oil (an id of its oils); the server prices the first when none. */
  oilType?: string;
  addOns: string[];
  promoCode: string;
  /** The day chosen: the Wash Club's cover is the day's (an unlimited plan covers a visit a day). */
  preferredDate?: string;
  /** At the counter, the customer's e-mail and phone: the quote looks a member up by them. */
  email?: string;
  phone?: string;
}

/**
 * The quote's body for what is chosen, or null while the vehicle type or the service is missing
 * (nothing to price yet). The code is sent as the server reads it, so "wash5" and "WASH5 " ask once.
 */
export function quoteBody(choice: Partial<VisitChoice>): VisitChoice | null {
  if (!choice.vehicleType || !choice.serviceType) return null;
  return {
    vehicleType: choice.vehicleType,
    ...(choice.vehicleId && { vehicleId: choice.vehicleId }),
    serviceType: choice.serviceType,
    ...(choice.planId ? { planId: choice.planId } : { packageSelection: choice.packageSelection || "None" }),
    ...(choice.oilType && { oilType: choice.oilType }),
    addOns: choice.addOns ?? [],
    promoCode: (choice.promoCode ?? "").trim().toUpperCase(),
    ...(choice.preferredDate && { preferredDate: choice.preferredDate }),
    ...(choice.email?.trim() && { email: choice.email.trim() }),
    ...(choice.phone?.trim() && { phone: choice.phone.trim() }),
  };
}

/** The visit an add-on must go with: the service, and the package booked (by id, or its tier's). */
export interface AddOnVisit {
  serviceType: string;
  planId?: string | null;
}

/** The add-ons on offer for a visit, in the shop's order; none before a service is chosen. */
export function addOnsFor(addOns: readonly AddOn[], visit: AddOnVisit): AddOn[] {
  return visit.serviceType ? addOns.filter((addOn) => addOnFits(addOn, visit)) : [];
}

/**
 * The chosen add-ons that are still on offer and go with the visit, in the shop's order: a new
 * service drops those that do not go with it, and the quote's lines keep one order.
 */
export function fittingAddOns(addOns: readonly AddOn[], chosen: readonly string[], visit: AddOnVisit): string[] {
  return addOnsFor(addOns, visit)
    .filter((addOn) => chosen.includes(addOn._id))
    .map((addOn) => addOn._id);
}

/**
 * "+ $35 · 20 min": what an add-on adds for the vehicle's size class; "+ from $30 · 15 min" (the
 * smallest class's) while the class is not known yet.
 */
export function addOnPriceText(
  addOn: Pick<AddOn, "price" | "minutes" | "prices">,
  classId: SizeClassId | null,
  language: "en" | "es" = "en",
): string {
  const own = classId ? addOn.prices.find((p) => p.classId === classId) : undefined;
  const { price, minutes } = own ?? addOn;
  const from = own ? "" : language === "es" ? "desde " : "from ";
  const amount = `+ ${from}${formatPrice(price)}`;
  return minutes > 0 ? `${amount} · ${formatLength(minutes, language)}` : amount;
}

/** "Silver Honda CR-V (SUV, 2019)", "Work van (Minivan)": a saved vehicle as the form lists it (its nickname too). */
export function vehicleLabel(
  vehicle: Pick<Vehicle, "nickname" | "make" | "model" | "color" | "vehicleType" | "year">,
  /** The type's name in the page's language ("Auto" for Car); the English value by default. */
  typeName: (type: string) => string = (type) => type,
) {
  const name = vehicleName(vehicle);
  const type = typeName(vehicle.vehicleType);
  return withTypeAndYear(name === vehicle.vehicleType ? type : name, type, vehicle.year);
}

/**
 * The saved vehicle a member's form starts with when none is chosen yet (their last booking's is
 * filled in with their other details): their only vehicle, unless the form already names another
 * (a type of another kind, or a make or model typed). Undefined: the member chooses.
 */
export function suggestedVehicle(
  garage: readonly Pick<Vehicle, "_id" | "vehicleType">[],
  form: { vehicleType?: string; make?: string; model?: string },
): string | undefined {
  if (garage.length !== 1 || form.make?.trim() || form.model?.trim()) return undefined;
  const [only] = garage;
  return !form.vehicleType || form.vehicleType === only!.vehicleType ? only!._id : undefined;
}
