import { z } from "zod";
import { calendarDay } from "~/lib/calendar-day";
import { OBJECT_ID_PATTERN } from "~/lib/object-id";
import { SECURITY_SETTINGS_PATH } from "~/features/security/security.schema";

/**
 * The record of changes (issue 31): what Dashboard → Activity and a booking's history show, and the
 * words for each kind of change. The recorder is ~/.server/audit/audit-log.ts; the kinds are
 * written where each change is made (docs/decisions/035).
 */

/** Every kind of change recorded, as "subject.verb", with the words the Activity filter shows. */
export const AUDIT_KINDS = {
  "booking.create": "Booking made by staff",
  "booking.status": "Booking status changed",
  "booking.move": "Booking moved",
  "booking.stage": "Visit stage set",
  "booking.service-record": "Oil change recorded",
  "payment.take": "Payment taken",
  "payment.refund": "Payment refunded",
  "gift-card.sell": "Gift card sold",
  "cash-up.count": "Drawer counted",
  "club-plan.create": "Wash Club plan added",
  "club-plan.update": "Wash Club plan changed",
  "club-plan.retire": "Wash Club plan retired",
  "membership.sell": "Wash Club membership sold",
  "membership.renew": "Wash Club membership renewed",
  "membership.cancel": "Wash Club membership cancelled",
  "membership.wash": "Wash Club pack wash used",
  "closed-date.close": "Date closed",
  "closed-date.reopen": "Date opened again",
  "plan.create": "Package added",
  "plan.update": "Package changed",
  "plan.delete": "Package deleted",
  "hotel.create": "Hotel entry added",
  "hotel.update": "Hotel entry changed",
  "hotel.delete": "Hotel entry deleted",
  "add-on.create": "Add-on added",
  "add-on.update": "Add-on changed",
  "add-on.delete": "Add-on deleted",
  "service-price.update": "Service price changed",
  "size-classes.update": "Size classes changed",
  "settings.update": "Settings changed",
  "review.moderate": "Review published, hidden or replied to",
  "waitlist.offer": "Waitlist place offered",
  "waitlist.remove": "Waitlist entry removed",
  "user.role": "Role changed",
  "user.delete": "Account deleted",
  "invitation.create": "Invitation sent",
  "invitation.withdraw": "Invitation withdrawn",
  "user.two-factor-on": "Two-factor sign-in turned on",
  "user.two-factor-off": "Two-factor sign-in turned off",
  "message.resend": "E-mail sent again",
  "customer.export": "A customer's data downloaded for them",
  "customer.erase": "A customer's details removed",
  "customer.note": "Note about a customer added",
  "customer.note-delete": "Note about a customer deleted",
  "backup.made": "Backup made",
  "backup.restored": "Backup restored",
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];

export const ACTOR_ROLES = ["admin", "manager", "staff", "member", "guest", "system"] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** How long records are kept until an admin sets another time: two years. */
export const DEFAULT_RETENTION_DAYS = 730;
export const RETENTION_DAYS = { min: 30, max: 3650 } as const;
const retentionMessage = `Keep records from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max} days`;
export const auditSettingsSchema = z
  .object({
    retentionDays: z
      .number({ message: retentionMessage })
      .int(retentionMessage)
      .min(RETENTION_DAYS.min, retentionMessage)
      .max(RETENTION_DAYS.max, retentionMessage),
  })
  .strict();
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

const whoSchema = z.object({
  id: z.string().nullable().describe("the account's id; null for a customer's manage link or the server"),
  name: z.string().describe("as it was when the change was made"),
  role: z.enum(ACTOR_ROLES),
});

export const auditEventSchema = z.object({
  _id: z.string(),
  at: z.string().describe("ISO 8601"),
  actor: whoSchema,
  kind: z.string().describe("subject.verb: booking.move, plan.update, user.role …"),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  subjectName: z
    .string()
    .nullable()
    .describe(
      'a booking\'s customer as the booking names them now ("" once their details are removed); null for other subjects',
    ),
  before: z.record(z.string(), z.unknown()).nullable().describe("the changed fields' values before (stored form)"),
  after: z.record(z.string(), z.unknown()).nullable().describe("the same fields' values after"),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** One line of a booking's history: a change, or a message sent about it. */
export const historyEntrySchema = z.object({
  type: z.enum(["change", "message"]),
  _id: z.string(),
  at: z.string().describe("when the change was made, or the message written"),
  who: whoSchema,
  what: z.string(),
  kind: z.string().optional().describe("a change's kind"),
  before: z.record(z.string(), z.unknown()).nullable().optional(),
  after: z.record(z.string(), z.unknown()).nullable().optional(),
  message: z
    .object({
      template: z.string(),
      subject: z.string(),
      to: z.string(),
      state: z.string().describe("queued, sent, failed or kept"),
      sendAfter: z.string(),
      sentAt: z.string().nullable(),
    })
    .optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** The most changes and messages one booking's history lists (a booking gathers a handful). */
export const HISTORY_MAX = 200;

export const ACTIVITY_PAGE_SIZE = 50;
const dayMessage = "Use a date like 2026-05-31";

/** GET /api/activity and the Activity page: whose, which kind, which days (the business's), and where to go on from. */
export const activityQuerySchema = z.object({
  actor: z
    .union([z.string().regex(OBJECT_ID_PATTERN), z.enum(["guest", "system"])], {
      message: "actor is an account's id, guest or system",
    })
    .optional()
    .describe("an account's id; 'guest': customers with a manage link; 'system': the server"),
  kind: z.enum(AUDIT_KIND_NAMES as [AuditKind, ...AuditKind[]], { message: "Unknown kind of change" }).optional(),
  from: calendarDay(dayMessage).optional().describe("the first day (YYYY-MM-DD, the business's time zone)"),
  to: calendarDay(dayMessage).optional().describe("the last day, included"),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,80}$/, "cursor is the nextCursor of the page before")
    .optional()
    .describe("nextCursor of the page before"),
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be between 1 and 200")
    .max(200, "limit must be between 1 and 200")
    .default(ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable().describe("ask again with cursor=this for the older ones; null at the end"),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** A person the Activity filter offers: whoever has made a change, by their latest name. */
export interface ActivityPerson {
  value: string;
  label: string;
}

/** The words of a kind, or the kind itself for one this build does not name. */
export function kindLabel(kind: string): string {
  return (AUDIT_KINDS as Record<string, string>)[kind] ?? kind;
}

/** "by Dana (admin)", "by Sam (staff)", "by Ana (customer)", "by the customer (manage link)", "by the server". */
export function whoText(who: { name: string; role: ActorRole }): string {
  if (who.role === "system") return "by the server";
  if (who.role === "guest") return "by the customer (manage link)";
  return `by ${personLabel(who)}`;
}

/** "Dana (admin)", "Sam (staff)", "Ana (customer)": a person who made a change, with the role they had. */
export function personLabel(who: { name: string; role: string }): string {
  return `${who.name} (${who.role === "member" ? "customer" : who.role})`;
}

/**
 * Where a record's subject is seen on the dashboard, or null (a deleted thing has no page). A
 * booking opens its details on Manage Bookings (which finds it by its reference).
 */
export function subjectHref(
  event: Pick<AuditEvent, "kind" | "subjectType" | "subjectId" | "before" | "after">,
): string | null {
  const id = event.subjectId;
  if (event.kind.endsWith(".delete")) return null;
  switch (event.subjectType) {
    case "booking":
      return id ? `/dashboard/manageBooking?open=${id}` : null;
    case "plan":
      return id ? `/dashboard/update-product/${id}` : null;
    case "hotel":
      return id ? `/dashboard/hotels/${id}/edit` : null;
    case "add-on":
    case "service-price":
    case "size-classes":
      return "/dashboard/prices";
    case "closed-date":
      return "/dashboard/booking-settings";
    case "settings":
      if (id === "security") return SECURITY_SETTINGS_PATH;
      return id === "follow-ups" ? "/dashboard/service-due" : id === "audit" ? null : "/dashboard/booking-settings";
    case "review":
      return "/dashboard/reviews";
    case "cash-up": {
      const date = event.after?.date;
      return typeof date === "string" ? `/dashboard/cash-up?date=${date}` : "/dashboard/cash-up";
    }
    case "user":
      return "/dashboard/allUsers";
    case "message":
      return "/dashboard/outbox";
    case "waitlist-entry": {
      const date = event.after?.date ?? event.before?.date;
      return typeof date === "string" ? `/dashboard/manageBooking/today?date=${date}` : null;
    }
    default:
      return null;
  }
}
