import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database } from "~/.server/db/client";
import { addOns, appSettings, planRecency, plans, type PlanRow, type ServicePriceRow } from "~/.server/db/schema";
import {
  ONE_SLOT_MINUTES,
  selectionOf,
  SELECTION_TIERS,
  type PackageSelection,
  type ServiceType,
} from "~/features/bookings/bookings.schema";
import { FOLLOW_UPS_SETTINGS_KEY, readFollowUpSettings } from "~/features/follow-ups/follow-ups.schema";
import { POPULAR_TIERS, type PackageType } from "~/features/plans/plans.schema";
import { priceVisit, type VisitItems } from "./price-visit";
import {
  addOnFits,
  classOfVehicle,
  CONFIRMED_AT_SHOP_TYPE,
  readClassPrices,
  type Oil,
  type PricedVisit,
  type SizeClasses,
  type VisitChoice,
} from "./pricing.schema";

/**
 * A visit priced from ids alone (decisions 030 and 048): the package (by id or the contact form's
 * tier) or the single service, the oil of an oil change, the add-ons and the promo. The quote, the
 * booking, the waitlist and the availability's length all ask here, so a service + package pair
 * that is not one visit, an add-on the package already includes or an oil the shop does not sell
 * is refused the same way everywhere.
 */

const UNKNOWN_PACKAGE = "That package is no longer offered.";
const UNKNOWN_ADD_ON = "That add-on is no longer offered.";
export const UNKNOWN_OIL = "Choose one of the oils we use.";
const OIL_CHANGE: ServiceType = "Oil Change";

export const pricedRow = (row: { priceCents: number; durationMinutes: number; classPrices: unknown }) => ({
  priceCents: row.priceCents,
  minutes: row.durationMinutes,
  classPrices: readClassPrices(row.classPrices),
});

/** What the quote reads besides its own rows (pricing.server.ts gives them, prepared once). */
export interface QuoteReads {
  classesAndService(serviceType: string): Promise<{ classes: SizeClasses; service: ServicePriceRow | undefined }>;
  sizeClasses(): Promise<SizeClasses>;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** The oils an oil change is priced with (the follow-up settings' oil types), the first the service's own. */
export async function readOils(db: Pick<Database, "select">): Promise<Oil[]> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, FOLLOW_UPS_SETTINGS_KEY));
  return readFollowUpSettings(row?.value).oilTypes.map(({ id, name, price }) => ({ id, name, price }));
}

export function createQuoteVisit(db: Database, reads: QuoteReads) {
  /** The package asked for by id, the newest of a tier (the contact form's Basic, Standard, Premium), or none. */
  async function bookedPackage(choice: VisitChoice): Promise<{ plan: PlanRow; selection: PackageSelection } | null> {
    if (choice.planId) {
      const [plan] = await db.select().from(plans).where(eq(plans.id, choice.planId));
      if (!plan || plan.field === "hotel")
        throw new AppError("validation_failed", UNKNOWN_PACKAGE, { planId: "Unknown package" });
      return { plan, selection: selectionOf(plan.packageType as PackageType) };
    }
    const selection = (choice.packageSelection ?? "None") as PackageSelection;
    if (selection === "None" || !(selection in SELECTION_TIERS)) return null;
    const types = POPULAR_TIERS.find(
      ({ tier }) => tier === SELECTION_TIERS[selection as keyof typeof SELECTION_TIERS],
    )!.types;
    const [plan] = await db
      .select()
      .from(plans)
      .where(and(isNull(plans.field), inArray(plans.packageType, [...types])))
      .orderBy(desc(planRecency(plans)), desc(plans.id))
      .limit(1);
    return plan ? { plan, selection } : null;
  }

  /**
   * A package is for one service (plans.service_type): a request naming another is not one visit
   * (an oil change priced as a Platinum Full Detail), so it is refused on the field that chose the
   * package: the service, for a package's own page; the tier, for the contact form's.
   */
  function refuseOtherService(choice: VisitChoice, booked: { plan: PlanRow; selection: PackageSelection }) {
    const own = booked.plan.serviceType as ServiceType;
    const asked = choice.serviceType;
    if (!asked || asked === own) return;
    const name = booked.plan.name!;
    if (choice.planId) {
      const message = `The ${name} package is ${article(own)} ${own}, not ${article(asked)} ${asked}.`;
      throw new AppError("validation_failed", message, { serviceType: message });
    }
    const message = `${booked.selection} is the ${name} package, ${article(own)} ${own}: choose ${own}, or no package for ${article(asked)} ${asked}.`;
    throw new AppError("validation_failed", message, { packageSelection: message });
  }

  /** The add-ons asked for, each active, going with the visit and not already in its package; refused by name otherwise. */
  async function chosenAddOns(
    ids: string[],
    visit: { serviceType: string; planId: string | null; packageName: string | null },
  ) {
    if (ids.length === 0) return [];
    const rows = await db.select().from(addOns).where(inArray(addOns.id, ids));
    return ids.map((id) => {
      const row = rows.find((r) => r.id === id);
      if (!row || !row.active) throw new AppError("validation_failed", UNKNOWN_ADD_ON, { addOns: UNKNOWN_ADD_ON });
      if (visit.planId && row.includedPlanIds.includes(visit.planId)) {
        const message = `${row.name} is already part of ${visit.packageName}.`;
        throw new AppError("validation_failed", message, { addOns: message });
      }
      const fits = addOnFits(
        { serviceTypes: row.serviceTypes as ServiceType[], planIds: row.planIds, includedPlanIds: row.includedPlanIds },
        visit,
      );
      if (!fits) {
        const visitName = visit.packageName ? `the ${visit.packageName} package` : visit.serviceType || "this visit";
        const message = `${row.name} doesn't go with ${visitName}.`;
        throw new AppError("validation_failed", message, { addOns: message });
      }
      return { id: row.id, name: row.name, ...pricedRow(row) };
    });
  }

  /** An oil change's oil, by id (the first of the shop's oils when none is named); refused when the shop has no such oil. */
  async function chosenOil(oilType: string | undefined) {
    const oils = await readOils(db);
    const oil = oilType ? oils.find((o) => o.id === oilType) : oils[0];
    if (!oil) throw new AppError("validation_failed", UNKNOWN_OIL, { oilType: UNKNOWN_OIL });
    return { id: oil.id, name: oil.name, priceCents: Math.round(oil.price * 100) };
  }

  /** A choice naming neither a package nor a service is one slot, unpriced. */
  return async function quoteVisit(choice: VisitChoice): Promise<PricedVisit> {
    const [booked, classesAndService] = await Promise.all([
      bookedPackage(choice),
      choice.serviceType
        ? reads.classesAndService(choice.serviceType)
        : reads.sizeClasses().then((classes) => ({ classes, service: undefined })),
    ]);
    const { classes } = classesAndService;
    if (booked) refuseOtherService(choice, booked);
    let main: VisitItems["main"] | null = null;
    let serviceType: ServiceType | null = null;
    if (booked) {
      // plans_kind_check, plans_minutes_check, plans_service_check: a package row has these.
      serviceType = booked.plan.serviceType as ServiceType;
      main = {
        kind: "package",
        name: booked.plan.name!,
        ...pricedRow({
          ...booked.plan,
          priceCents: booked.plan.priceCents!,
          durationMinutes: booked.plan.durationMinutes!,
        }),
      };
    } else if (choice.serviceType && classesAndService.service) {
      serviceType = choice.serviceType;
      main = { kind: "service", name: choice.serviceType, ...pricedRow(classesAndService.service) };
    }
    const planId = booked?.plan.id ?? null;
    const packageName = booked?.plan.name ?? null;
    const packageSelection = booked?.selection ?? (choice.packageSelection as PackageSelection | undefined) ?? "None";
    const vehicleType = choice.vehicleType ?? "Car";
    if (!main) {
      const { id, name } = classOfVehicle(classes, vehicleType);
      return {
        lines: [],
        subtotalCents: 0,
        discountCents: 0,
        totalCents: 0,
        minutes: ONE_SLOT_MINUTES,
        sizeClass: { id, name },
        confirmedAtShop: vehicleType === CONFIRMED_AT_SHOP_TYPE,
        packagePriceCents: null,
        addOnIds: [],
        clubCovered: false,
        planId,
        packageName,
        packageSelection,
        serviceType: choice.serviceType ?? null,
        oilType: null,
      };
    }
    const [oil, extras] = await Promise.all([
      serviceType === OIL_CHANGE ? chosenOil(choice.oilType) : null,
      chosenAddOns(choice.addOns ?? [], { serviceType: serviceType!, planId, packageName }),
    ]);
    const club = choice.club ? { ...choice.club, serviceType: serviceType! } : null;
    const quote = priceVisit(
      { vehicleType, main, oil, addOns: extras, promoCode: choice.promoCode ?? "", club },
      classes,
    );
    return { ...quote, planId, packageName, packageSelection, serviceType, oilType: oil?.id ?? null };
  };
}
