import { z } from "zod";
import { bookingSchema, foundCustomerSchema } from "~/features/bookings/bookings.schema";
import { textField } from "~/lib/text-field";

/**
 * Dashboard → Customers (issue 30, part 2): the contract of GET /api/customers, its CSV and a
 * customer's page. Browser-safe. A customer is a key (decision 038): an account's verified e-mail,
 * a booking's e-mail, or "tel:" and a phone's digits; pages and the API name them by `id`.
 */

export const CUSTOMER_SORTS = [
  { id: "recent", label: "Last visit, latest first" },
  { id: "longest-ago", label: "Last visit, longest ago first" },
  { id: "spend", label: "Total spent" },
  { id: "visits", label: "Visits" },
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]["id"];
const SORT_IDS = CUSTOMER_SORTS.map((s) => s.id) as [CustomerSort, ...CustomerSort[]];

export const CUSTOMER_PAGE_SIZE = 50;
export const CUSTOMER_PAGE_MAX = 200;
/** A search shorter than this finds everybody (as the counter's search found nobody). */
export const SEARCH_MIN = 2;

export const customerQuerySchema = z.object({
  q: textField()
    .trim()
    .max(100, "At most 100 characters")
    .default("")
    .describe(`name, e-mail, phone (digits or as typed) or plate, anywhere; under ${SEARCH_MIN} characters: everyone`),
  sort: z
    .enum(SORT_IDS, { message: `sort is one of ${SORT_IDS.join(", ")}` })
    .default("recent")
    .describe("recent: last visit, latest first; longest-ago: last visit, longest ago first; spend; visits"),
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be between 1 and ${CUSTOMER_PAGE_MAX}`)
    .max(CUSTOMER_PAGE_MAX, `limit must be between 1 and ${CUSTOMER_PAGE_MAX}`)
    .default(CUSTOMER_PAGE_SIZE),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").max(10_000_000).default(0),
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

/**
 * A row of the list. It keeps the counter's fields (foundCustomerSchema: the latest booking's
 * details, which the counter's "Find a customer" pre-fills from) and adds the customer's figures.
 */
export const customerRowSchema = foundCustomerSchema.extend({
  id: z.string().describe("the customer's page: /dashboard/customers/{id}, GET /api/customers/{id}"),
  account: z.boolean().describe("an account with this verified e-mail exists"),
  visits: z.number().int().describe("visits collected (the desk's last stage)"),
  lastVisit: z.string().nullable().describe("the day of the last collected visit"),
  spent: z.number().describe("what the collected visits came to, in dollars"),
  cancellations: z.number().int(),
  noShows: z.number().int(),
  vehicles: z.number().int().describe("vehicles booked (not cancelled)"),
  vehicle: z.string().describe("the latest booking's vehicle, in words"),
  plates: z.array(z.string()),
  nextServiceDue: z.string().nullable().describe("the soonest oil change due of their vehicles"),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const serviceRecordSchema = z.object({
  servicedOn: z.string(),
  odometer: z.number().int(),
  oilName: z.string(),
  nextDueDate: z.string(),
  nextDueMileage: z.number().int(),
});

export const customerVehicleSchema = z.object({
  label: z.string(),
  vehicleType: z.string(),
  plate: z.string(),
  lastBooked: z.string(),
  bookings: z.number().int(),
  records: z.array(serviceRecordSchema).describe("oil changes recorded, newest first"),
});
export type CustomerVehicle = z.infer<typeof customerVehicleSchema>;

export const customerNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerMessageSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  state: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  bookingId: z.string().nullable(),
});
export type CustomerMessage = z.infer<typeof customerMessageSchema>;

export const customerReviewSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  serviceLabel: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type CustomerReview = z.infer<typeof customerReviewSchema>;

/** How many of a customer's past bookings and messages the page lists (the figures count all). */
export const CUSTOMER_PAGE_LISTS = 50;

export function customerDetailSchema<B extends z.ZodType>(booking: B) {
  return z.object({
    customer: customerRowSchema,
    vehicles: z.array(customerVehicleSchema),
    upcoming: z
      .array(booking)
      .describe("from today on, not cancelled, the car neither collected nor a no-show; soonest first"),
    past: z
      .array(booking)
      .describe(
        `the rest: before today, cancelled, or today's visit collected or missed; latest first; at most ${CUSTOMER_PAGE_LISTS}`,
      ),
    reviews: z.array(customerReviewSchema),
    messages: z.array(customerMessageSchema).describe(`newest first; at most ${CUSTOMER_PAGE_LISTS}`),
    notes: z.array(customerNoteSchema).describe(`the admins' notes, newest first; at most ${CUSTOMER_PAGE_LISTS}`),
  });
}
export const apiCustomerDetailSchema = customerDetailSchema(bookingSchema);

export const NOTE_MAX = 2000;
export const noteInputSchema = z
  .object({
    body: textField({ message: "Write the note", multiLine: true })
      .trim()
      .min(1, "Write the note")
      .max(NOTE_MAX, `At most ${NOTE_MAX} characters`),
  })
  .strict();

/** A customer's page path. */
export const customerPath = (id: string) => `/dashboard/customers/${id}`;
