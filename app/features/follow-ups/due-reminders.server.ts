import { and, eq, gt, lte, ne, not, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/.server/db/client";
import { bookings, serviceRecords } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { alreadyQueued, queueOnce } from "~/.server/mail/queue-once";
import { wordsFor } from "~/.server/mail/mail-i18n";
import { addDays, businessToday } from "~/lib/business-date";
import { firstName } from "~/lib/person-name";
import { dueReminderMessage, reminderVehicle, type DueReminderData } from "./due-reminder-emails";
import type { FollowUpSettings } from "./follow-ups.schema";
import type { FollowUpKind } from "./follow-ups.server";
import { bookedOilChangeSince, isLatestRecord } from "./service-record-queries.server";

/** Messages one sweep queues of each sort at most; the next sweep, a minute later, takes the rest. */
const BATCH = 200;
/**
 * The follow-up goes on its day or, if no sweep ran then (the server was down), within this many
 * days after; later than that it would be about an oil change long forgotten.
 */
const FOLLOW_UP_GRACE_DAYS = 7;

const REMINDER = { template: "due-reminder", key: "due-reminder" } as const;
const FOLLOW_UP = { template: "due-follow-up", key: "due-follow-up" } as const;

/** Whether the outer query's record has had this sort queued: `due-reminder:<record id>`. */
const claimed = (prefix: string): SQL<boolean> => alreadyQueued(sql`${`${prefix}:`} || ${serviceRecords.id}`);

/**
 * Due reminders (issue 28): for each vehicle's latest service record, one e-mail the set number of
 * days before its next oil change is due, and one follow-up the set number of days after the due
 * date; each only to an address that has not stopped service reminders, and none once the
 * customer has booked an oil change for that vehicle. The follow-up is the reminder's: it goes
 * only where the reminder went. Each sweep asks one query per sort for what is due and claims each
 * message (queueOnce) in the transaction that queues it, so processes sweeping together send it once.
 */
export function createDueReminders(
  db: Database,
  options: {
    mailer: Mailer;
    /** The shop's zone: the days are the shop's calendar days. */
    timeZone: string;
    /** Whether an address has stopped service reminders (consent's optedOut, for this kind). */
    optedOut: (email: AnyPgColumn) => SQL<boolean>;
  },
): FollowUpKind {
  const { mailer, timeZone, optedOut } = options;

  function due(when: SQL | undefined) {
    return db
      .select({
        id: serviceRecords.id,
        bookingId: serviceRecords.bookingId,
        odometer: serviceRecords.odometer,
        oil: serviceRecords.oilName,
        servicedOn: serviceRecords.servicedOn,
        dueDate: serviceRecords.nextDueDate,
        dueMileage: serviceRecords.nextDueMileage,
        fullName: bookings.fullName,
        email: bookings.email,
        vehicleType: bookings.vehicleType,
        vehicleMake: bookings.vehicleMake,
        vehicleModel: bookings.vehicleModel,
        locale: bookings.locale,
      })
      .from(serviceRecords)
      .innerJoin(bookings, eq(bookings.id, serviceRecords.bookingId))
      .where(
        and(
          when,
          ne(bookings.email, ""),
          isLatestRecord(serviceRecords),
          not(optedOut(bookings.email)),
          not(bookedOilChangeSince(serviceRecords)),
        ),
      )
      .orderBy(serviceRecords.nextDueDate, serviceRecords.id)
      .limit(BATCH);
  }

  type Due = Awaited<ReturnType<typeof due>>[number];

  /** The claim and the message together (queueOnce): each is queued once, or not at all. */
  function queue(rows: Due[], sort: typeof REMINDER | typeof FOLLOW_UP): Promise<number> {
    return queueOnce(
      db,
      mailer,
      rows.map((row) => {
        const data: DueReminderData = {
          recordId: row.id,
          firstName: firstName(row.fullName),
          vehicle: reminderVehicle(row, wordsFor(row.locale)),
          dueDate: row.dueDate,
          dueMileage: row.dueMileage,
          servicedOn: row.servicedOn,
          odometer: row.odometer,
          oil: row.oil,
          locale: row.locale,
        };
        // In the log of the visit whose oil change is due.
        return {
          key: `${sort.key}:${row.id}`,
          email: dueReminderMessage(sort.template, row.email, data),
          bookingId: row.bookingId,
        };
      }),
    );
  }

  return {
    name: "due-reminders",
    async queueDue(at: Date, settings: FollowUpSettings): Promise<number> {
      if (!settings.dueReminders) return 0;
      const today = businessToday(timeZone, at);
      const followUpDay = (days: number) => addDays(today, -settings.followUpDaysAfter - days);
      // From the set days before the due date until the follow-up's day, when the follow-up takes over.
      const reminders = await due(
        and(
          lte(serviceRecords.nextDueDate, addDays(today, settings.dueReminderDaysBefore)),
          gt(serviceRecords.nextDueDate, followUpDay(0)),
          not(claimed(REMINDER.key)),
        ),
      );
      const followUps = await due(
        and(
          lte(serviceRecords.nextDueDate, followUpDay(0)),
          gt(serviceRecords.nextDueDate, followUpDay(FOLLOW_UP_GRACE_DAYS)),
          claimed(REMINDER.key),
          not(claimed(FOLLOW_UP.key)),
        ),
      );
      return (await queue(reminders, REMINDER)) + (await queue(followUps, FOLLOW_UP));
    },
  };
}
