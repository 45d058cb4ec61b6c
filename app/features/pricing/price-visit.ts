import { PROMO_CODE, PROMO_PERCENT } from "~/features/bookings/bookings.schema";
import { clubLineLabel, mainLineLabel, oilLineLabel, promoLineLabel } from "~/lib/price-lines";
import {
  classOfVehicle,
  CONFIRMED_AT_SHOP_TYPE,
  type ClassQuote,
  type Priced,
  type Quote,
  type QuoteLine,
  type SizeClass,
  type SizeClasses,
} from "./pricing.schema";

/**
 * THE ONE PLACE a visit is priced (decision 030): the package or service for the vehicle's class,
 * each add-on for the class, then WASH5 off the visit's total. The quote endpoint, the booking and
 * the availability's length all call it, on the server, from ids the catalogue resolved: nothing a
 * client sends about prices or lengths reaches it.
 */

/** An item's price and length for one class: the class's own cell, else the base with the class's surcharge and extra minutes. */
export function priceForClass(
  item: Priced,
  sizeClass: SizeClass,
  base: SizeClass,
): { priceCents: number; minutes: number } {
  if (sizeClass.id === base.id) return { priceCents: item.priceCents, minutes: item.minutes };
  const cell = item.classPrices[sizeClass.id];
  return {
    priceCents: cell?.priceCents ?? Math.round((item.priceCents * (100 + sizeClass.surchargePercent)) / 100),
    minutes: cell?.minutes ?? (item.minutes > 0 ? item.minutes + sizeClass.extraMinutes : 0),
  };
}

/** An item's price and length in every class, in the classes' order: "from $X" is the first. */
export function classQuotes(item: Priced, classes: SizeClasses): ClassQuote[] {
  const base = classes.classes[0]!;
  return classes.classes.map((c) => {
    const { priceCents, minutes } = priceForClass(item, c, base);
    return { classId: c.id, className: c.name, price: priceCents / 100, minutes };
  });
}

/** What is booked, resolved from the catalogue: the package or the single service, and the add-ons. */
export interface VisitItems {
  vehicleType: string;
  main: Priced & { kind: "package" | "service"; name: string };
  /** An oil change's oil: a line of its own when it costs more than the first oil. */
  oil?: { name: string; priceCents: number } | null;
  addOns: (Priced & { id: string; name: string })[];
  promoCode: string;
  /**
   * A Wash Club plan that may cover the visit: a single service of a type it covers is taken off
   * by a line of its own (a package, the oil and add-ons are charged), before WASH5.
   */
  club?: { name: string; covers: string[]; serviceType: string } | null;
}

export function priceVisit(items: VisitItems, classes: SizeClasses): Quote {
  const base = classes.classes[0]!;
  const sizeClass = classOfVehicle(classes, items.vehicleType);
  const main = priceForClass(items.main, sizeClass, base);
  const lines: QuoteLine[] = [
    {
      kind: items.main.kind,
      label: mainLineLabel(items.main.name, sizeClass.name),
      amountCents: main.priceCents,
      minutes: main.minutes,
    },
    ...(items.oil && items.oil.priceCents > 0
      ? [
          {
            kind: "oil",
            label: oilLineLabel(items.oil.name),
            amountCents: items.oil.priceCents,
            minutes: 0,
          } as QuoteLine,
        ]
      : []),
    ...items.addOns.map((addOn): QuoteLine => {
      const { priceCents, minutes } = priceForClass(addOn, sizeClass, base);
      return { kind: "add-on", label: addOn.name, amountCents: priceCents, minutes };
    }),
  ];
  const club = items.club;
  const clubCovered = !!club && items.main.kind === "service" && club.covers.includes(club.serviceType);
  if (clubCovered)
    lines.push({ kind: "club", label: clubLineLabel(club.name), amountCents: -main.priceCents, minutes: 0 });
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const promo = items.promoCode.trim().toUpperCase() === PROMO_CODE;
  const discountCents = promo ? Math.round((subtotalCents * PROMO_PERCENT) / 100) : 0;
  if (promo)
    lines.push({
      kind: "promo",
      label: promoLineLabel(PROMO_CODE, PROMO_PERCENT),
      amountCents: -discountCents,
      minutes: 0,
    });
  return {
    lines,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    minutes: lines.reduce((sum, line) => sum + line.minutes, 0),
    sizeClass: { id: sizeClass.id, name: sizeClass.name },
    confirmedAtShop: items.vehicleType === CONFIRMED_AT_SHOP_TYPE,
    packagePriceCents: items.main.kind === "package" ? main.priceCents : null,
    addOnIds: items.addOns.map((a) => a.id),
    clubCovered,
  };
}
