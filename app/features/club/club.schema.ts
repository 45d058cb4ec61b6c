import { z } from "zod";
import { SERVICE_TYPES } from "~/features/catalogue/catalogue.schema";
import { amountField } from "~/features/till/till.schema";
import { localeField } from "~/lib/locale-field";
import { textField } from "~/lib/text-field";

/**
 * The wash club's contract (issue 47, decision 055): plans (unlimited a month or a year, or a pack
 * of washes), memberships sold and renewed at the counter, and the cover a quote gives a member.
 */

export const PLAN_KINDS = ["unlimited", "pack"] as const;
export const PLAN_PERIODS = ["month", "year"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** How many washes a pack may hold, and covered visits a day an unlimited plan may allow. */
export const PACK_WASHES_MAX = 100;
export const PER_DAY_MAX = 5;

const planName = textField({ message: "Name is required", invalid: "Use letters, numbers and punctuation only" })
  .trim()
  .min(1, "Name is required")
  .max(60, "At most 60 characters");
const covers = z
  .array(z.enum(SERVICE_TYPES, { message: "Choose services from the catalogue" }))
  .min(1, "Choose at least one service it covers")
  .max(SERVICE_TYPES.length)
  .refine((list) => new Set(list).size === list.length, "Name each service once");
const washes = z
  .number({ message: `A pack holds 1 to ${PACK_WASHES_MAX} washes` })
  .int(`A pack holds 1 to ${PACK_WASHES_MAX} washes`)
  .min(1, `A pack holds 1 to ${PACK_WASHES_MAX} washes`)
  .max(PACK_WASHES_MAX, `A pack holds 1 to ${PACK_WASHES_MAX} washes`);
const perDay = z
  .number({ message: `1 to ${PER_DAY_MAX} covered visits a day` })
  .int(`1 to ${PER_DAY_MAX} covered visits a day`)
  .min(1, `1 to ${PER_DAY_MAX} covered visits a day`)
  .max(PER_DAY_MAX, `1 to ${PER_DAY_MAX} covered visits a day`);

/** POST /api/membership-plans: an unlimited plan names its period (and visits a day), a pack its washes. */
export const planInputSchema = z
  .object({
    name: planName,
    kind: z.enum(PLAN_KINDS, { message: "Choose unlimited or pack" }),
    price: amountField("Price", { zero: true }),
    period: z.enum(PLAN_PERIODS, { message: "Choose month or year" }).optional(),
    washes: washes.optional(),
    covers,
    perDay: perDay.optional(),
  })
  .strict()
  .superRefine((plan, ctx) => {
    if (plan.kind === "unlimited") {
      if (!plan.period) ctx.addIssue({ code: "custom", path: ["period"], message: "Choose month or year" });
      if (plan.washes !== undefined)
        ctx.addIssue({ code: "custom", path: ["washes"], message: "An unlimited plan has no number of washes" });
    } else {
      if (plan.washes === undefined)
        ctx.addIssue({ code: "custom", path: ["washes"], message: `A pack holds 1 to ${PACK_WASHES_MAX} washes` });
      if (plan.period !== undefined)
        ctx.addIssue({ code: "custom", path: ["period"], message: "A pack is good for a year: it has no period" });
      if (plan.perDay !== undefined)
        ctx.addIssue({ code: "custom", path: ["perDay"], message: "A pack's washes may be used any day" });
    }
  });
export type PlanInput = z.infer<typeof planInputSchema>;

/** PATCH /api/membership-plans/{id}: its name, price, cover and visits a day; its kind stays. */
export const planChangeSchema = z
  .object({ name: planName, price: amountField("Price", { zero: true }), covers, perDay })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, "Nothing to change");
export type PlanChange = z.infer<typeof planChangeSchema>;

export const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(PLAN_KINDS),
  price: z.number().describe("dollars a period (unlimited) or for the pack"),
  period: z.enum(PLAN_PERIODS).nullable(),
  washes: z.number().int().nullable(),
  covers: z.array(z.string()),
  perDay: z.number().int().nullable(),
  retired: z.boolean(),
});
export type MembershipPlan = z.infer<typeof planSchema>;

const payment = z
  .object({
    method: z.enum(["cash", "card", "other"], { message: "A membership is paid in cash, by card or other" }),
    amount: amountField("Payment"),
    reference: textField().trim().max(60, "The reference can be at most 60 characters").optional(),
  })
  .strict();

/** POST /api/memberships: sold at the counter to a named person, paid in full. */
export const membershipSaleSchema = z
  .object({
    planId: textField().trim().min(1, "Choose a plan"),
    name: textField({ message: "Full name is required", invalid: "Use letters, spaces and punctuation only" })
      .trim()
      .min(1, "Full name is required")
      .max(100, "At most 100 characters"),
    email: z.string().trim().min(1, "Email is required").max(254).pipe(z.email("Provide a valid email")),
    phone: textField()
      .trim()
      .max(30, "Enter a valid phone number")
      .regex(/^([\d+\-\s()]{7,})?$/, "Enter a valid phone number")
      .optional(),
    plate: textField().trim().max(12, "At most 12 characters").optional(),
    locale: localeField,
    payment,
  })
  .strict();
export type MembershipSale = z.infer<typeof membershipSaleSchema>;

export const renewalSchema = z.object({ payment }).strict();

export const membershipSchema = z.object({
  _id: z.string(),
  number: z.string(),
  plan: planSchema,
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  plate: z.string(),
  validUntil: z.string().describe("the last day it covers, the business's date"),
  washesLeft: z.number().int().nullable().describe("a pack's washes left; null for unlimited"),
  status: z.enum(["active", "expired", "used-up", "cancelled"]),
  createdAt: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** The membership that covers a visit, and the place of its day an unlimited one holds. */
export interface ClubCover {
  membershipId: string;
  planName: string;
  covers: string[];
  claim: string | null;
  /** A pack's last wash: the quote says so. */
  lastWash: boolean;
}

/** Who the visit is for, as the cover looks them up: only what the caller may look up. */
export interface ClubHolder {
  email?: string;
  phone?: string;
  plate?: string;
}

/** Whether the club covers a visit: the cover, or why not (null note: not a member at all). */
export interface CoverAnswer {
  cover: ClubCover | null;
  note: string | null;
}

/** What the booking service asks of the club (handed in by services.ts): the cover of a visit. */
export interface ClubLookup {
  findCover(holder: ClubHolder, visit: { serviceType: string | null | undefined; date: string }): Promise<CoverAnswer>;
}
