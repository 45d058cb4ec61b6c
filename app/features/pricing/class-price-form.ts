import { z } from "zod";
import { priceForClass } from "./price-visit";
import {
  classPriceInput,
  type ClassPricesInput,
  type SizeClass,
  type SizeClasses,
  type SizeClassId,
} from "./pricing.schema";

/**
 * The admin's class tables as forms hold them: text per cell, empty for the class's default. The
 * API's rules (classPriceInput) check them, so the form says what the API would.
 */

/** The classes beyond the base, whose cells an admin may set. */
export const LARGER_CLASSES = ["medium", "large"] as const satisfies readonly SizeClassId[];
export type LargerClass = (typeof LARGER_CLASSES)[number];

export interface CellText {
  price: string;
  minutes: string;
}
export type ClassCellsText = Record<LargerClass, CellText>;

/** Text to a number, an empty cell to null (the class's default); what is not a number stays NaN, for the message. */
const optionalNumber = z
  .string()
  .trim()
  .transform((v) => (v === "" ? null : Number(v)));

const cellForm = z.object({
  price: optionalNumber.pipe(classPriceInput.shape.price.unwrap()),
  minutes: optionalNumber.pipe(classPriceInput.shape.minutes.unwrap()),
});

/** A form's class table: the API's cells (empty ones left out). */
export const classCellsForm = z.object({ medium: cellForm, large: cellForm }).transform((cells) => {
  const out: ClassPricesInput = {};
  for (const id of LARGER_CLASSES) {
    const { price, minutes } = cells[id];
    if (price == null && minutes == null) continue;
    out[id] = { ...(price != null && { price }), ...(minutes != null && { minutes }) };
  }
  return out;
});

/** A required number typed as text: empty or not a number is NaN, which the number's own rule refuses. */
export const requiredNumber = z
  .string()
  .trim()
  .transform((v) => (v === "" ? Number.NaN : Number(v)));

/** The table the API answered, as the form's text. */
export function cellsText(prices: ClassPricesInput | undefined): ClassCellsText {
  const cell = (id: LargerClass): CellText => ({
    price: prices?.[id]?.price != null ? prices[id]!.price!.toFixed(2) : "",
    minutes: prices?.[id]?.minutes != null ? String(prices[id]!.minutes) : "",
  });
  return { medium: cell("medium"), large: cell("large") };
}

/** Whether two tables say the same (the form's output against what was loaded). */
export function sameClassPrices(a: ClassPricesInput, b: ClassPricesInput): boolean {
  const canonical = (t: ClassPricesInput) =>
    LARGER_CLASSES.map((id) => [t[id]?.price ?? null, t[id]?.minutes ?? null].join("/")).join("|");
  return canonical(a) === canonical(b);
}

/**
 * What an empty cell of each larger class takes, from the base price and length typed so far
 * (price-visit's own rule); null while the base is not a number.
 */
export function classDefaults(
  classes: SizeClasses,
  base: { price: string; minutes: string },
): Record<LargerClass, { price: number; minutes: number } | null> {
  const price = Number(base.price);
  const minutes = Number(base.minutes);
  const first = classes.classes[0]!;
  const of = (id: LargerClass) => {
    const sizeClass = classes.classes.find((c) => c.id === id) as SizeClass;
    if (base.price.trim() === "" || !Number.isFinite(price) || !Number.isFinite(minutes)) return null;
    const priced = priceForClass(
      { priceCents: Math.round(price * 100), minutes: Math.round(minutes), classPrices: {} },
      sizeClass,
      first,
    );
    return { price: priced.priceCents / 100, minutes: priced.minutes };
  };
  return { medium: of("medium"), large: of("large") };
}
