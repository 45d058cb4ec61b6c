/**
 * The customer's e-mails after a change to their booking, one template per event (confirmed,
 * moved, cancelled), each in the words of who did it: "You moved your booking" after the customer's
 * own move through their manage link or My Bookings, "We moved your booking" after the team's.
 * A move names the time it had before. Their input is stored with the message (decision 023).
 */
import type { Email } from "~/.server/mail/mailer";
import type { EmailContent, EmailFact, EmailParagraph } from "~/.server/mail/email-layout";
import {
  arrival,
  business,
  calendarFile,
  email,
  firstName,
  manageAction,
  manageLink,
  visitFacts,
  visitWhen,
  type ChangedFields,
  type MailPlace,
  type StoredVisit,
} from "./booking-emails";
import type { Booking } from "./bookings.schema";

/** Who changed the booking: the customer, or the team (an admin at the desk). */
export type ChangedBy = "customer" | "staff";
/** The booking's date, slot and the window it had to arrive in before a move (the window: since issue 43). */
export type VisitTime = StoredVisit;

/** What every change e-mail is written from: the booking as it is now, when, its calendar version and manage link. */
interface ChangeInput {
  booking: Booking;
  at: string;
  sequence: number;
  manageUrl: string;
}
export interface ConfirmedInput extends ChangeInput {
  /** Set when the team moved the booking as they confirmed it. */
  from?: VisitTime;
}
export interface MovedInput extends ChangeInput {
  from: VisitTime;
  by: ChangedBy;
}
export interface CancelledInput extends ChangeInput {
  /** Missing in messages stored before it was kept: then the e-mail names no one. */
  by?: ChangedBy;
  /** Set when the team cancelled it because they closed its day (issue 29): the e-mail says why. */
  closure?: ClosureNote;
}

/** Why the shop closed a booking's day: the closed date's reason, and the admin's note to its customers. */
export interface ClosureNote {
  reason: string;
  message?: string;
}
/** To the customer when their booking's day is closed: choose a new time through the manage link. */
export interface ClosureInput {
  booking: Booking;
  closure: ClosureNote;
  manageUrl: string;
}

/** "Thu, Nov 26 (Snow)" and the note, as the closure e-mails say them. */
function closedDayWords(d: { booking: Booking; closure: ClosureNote }, place: MailPlace) {
  const day = visitWhen(d.booking, place.timeZone).day;
  const reason = d.closure.reason.trim();
  const note = d.closure.message?.trim();
  return { day, why: reason ? ` (${reason})` : "", note: note ? [note] : [] };
}
/** A `booking-updated` message as stored before the three templates (without who or the old time). */
export interface UpdatedInput extends ChangeInput {
  change: ChangedFields;
}

/** "Fri, Nov 27, 9–11 AM" */
const short = (visit: VisitTime, place: MailPlace) => visitWhen(visit, place.timeZone).short;

/** The time a moved booking had, under the new one. */
function beforeFact(from: VisitTime, place: MailPlace): EmailFact {
  const when = visitWhen(from, place.timeZone);
  return { label: "Before", value: when.day, note: when.arrive };
}

/** The booking's facts, with its old time after the new one. */
function factsAfterMove(booking: Booking, place: MailPlace, from: VisitTime | undefined): EmailFact[] {
  const facts = visitFacts(booking, place, "Your notes");
  return from ? [facts[0]!, beforeFact(from, place), ...facts.slice(1)] : facts;
}

/** An e-mail about a booking that is still on: with its manage button, arrival notes and calendar update. */
function liveBookingEmail(
  d: ChangeInput,
  place: MailPlace,
  words: { subject: string; lead: string[]; facts: EmailFact[]; after?: EmailParagraph[] },
): Email {
  const content: EmailContent = {
    preheader: words.lead[0]!,
    greeting: `Hi ${firstName(d.booking)},`,
    lead: words.lead,
    facts: words.facts,
    action: manageAction(d.manageUrl),
    list: arrival,
    after: [...(words.after ?? []), "The attached calendar file updates it in your calendar."],
    business: business(place),
  };
  return email(d.booking.email, words.subject, content, [calendarFile(d.booking, place, new Date(d.at), d.sequence)]);
}

/** To the customer, when the team confirms their booking (and, with `from`, moved it as they did). */
export function bookingConfirmedEmail(d: ConfirmedInput, place: MailPlace): Email {
  const when = short(d.booking, place);
  return liveBookingEmail(d, place, {
    subject: `Your booking is confirmed${d.from ? " for a new time" : ""} – ${when}`,
    lead: [
      d.from
        ? `Good news: your booking is confirmed. We moved it from ${short(d.from, place)} to ${when}.`
        : "Good news: your booking is confirmed. We look forward to seeing you.",
    ],
    facts: factsAfterMove(d.booking, place, d.from),
  });
}

/** To the customer, when their booking moved to another date or arrival window. */
export function bookingMovedEmail(d: MovedInput, place: MailPlace): Email {
  const when = short(d.booking, place);
  const from = short(d.from, place);
  const lead =
    d.by === "customer"
      ? [
          `You moved your booking from ${from} to ${when}.`,
          d.booking.status === "pending" ? "We will confirm the new time shortly." : "We look forward to seeing you.",
        ]
      : [`We moved your booking from ${from} to ${when}.`];
  const ifItDoesNotSuit: EmailParagraph = [
    "If the new time does not suit you, ",
    manageLink(d.manageUrl, "choose another"),
    ` or call us at ${place.phone}.`,
  ];
  return liveBookingEmail(d, place, {
    subject: `${d.by === "customer" ? "You" : "We"} moved your booking – ${when}`,
    lead,
    ...(d.by === "staff" && { after: [ifItDoesNotSuit] }),
    facts: factsAfterMove(d.booking, place, d.from),
  });
}

/** To the customer, when their booking is cancelled: its one button is "Book again" (the booking page). */
export function bookingCancelledEmail(d: CancelledInput, place: MailPlace): Email {
  const when = short(d.booking, place);
  if (d.closure) return closedDayCancelledEmail({ ...d, closure: d.closure }, place);
  const words = {
    customer: {
      subject: "You cancelled your booking",
      lead: "You cancelled your booking. Thank you for letting us know: the slot is free for someone else.",
    },
    staff: {
      subject: "We cancelled your booking",
      lead: `We cancelled your booking. If that is a surprise, please call us at ${place.phone}.`,
    },
    unknown: {
      subject: "Your booking was cancelled",
      lead: `Your booking has been cancelled. If that is a surprise, please call us at ${place.phone}.`,
    },
  }[d.by ?? "unknown"];
  return email(
    d.booking.email,
    `${words.subject} – ${when}`,
    {
      preheader: words.lead,
      greeting: `Hi ${firstName(d.booking)},`,
      lead: [words.lead],
      facts: visitFacts(d.booking, place, "Your notes"),
      action: { label: "Book again", href: `${place.publicUrl}/booking` },
      after: [
        "The attached calendar file removes it from your calendar.",
        `Book again any time, or call us at ${place.phone}.`,
      ],
      business: business(place),
    },
    [calendarFile(d.booking, place, new Date(d.at), d.sequence)],
  );
}

/** To the customer, after a change that is none of the three (a booking waiting for confirmation again). */
export function bookingUpdatedEmail(d: ChangeInput, place: MailPlace): Email {
  return liveBookingEmail(d, place, {
    subject: `Your booking was updated – ${short(d.booking, place)}`,
    lead: [`Your booking is ${d.booking.status === "pending" ? "waiting for our confirmation" : "updated"}.`],
    facts: visitFacts(d.booking, place, "Your notes"),
  });
}

/**
 * A `booking-updated` message, as stored before each event had its template (and still for a
 * change that is none of them): written by the template of what it tells. It did not store who
 * made the change nor the old time, so those e-mails name no one and give only the new time.
 */
export function storedUpdateEmail(d: UpdatedInput, place: MailPlace): Email {
  const moved = d.change.slot || d.change.date;
  if (d.booking.status === "cancelled") return bookingCancelledEmail(d, place);
  if (d.booking.status === "confirmed" && d.change.status) return bookingConfirmedEmail(d, place);
  if (moved) return movedWithoutOldTime(d, place);
  return bookingUpdatedEmail(d, place);
}

/** An old stored move: its old time was not kept, so the e-mail gives only the new one. */
function movedWithoutOldTime(d: ChangeInput, place: MailPlace): Email {
  const when = short(d.booking, place);
  return liveBookingEmail(d, place, {
    subject: `Your booking has a new time – ${when}`,
    lead: [`Your booking has moved to ${when}.`],
    facts: visitFacts(d.booking, place, "Your notes"),
  });
}

/** To the customer, when the team closed their booking's day and asks them to choose another time. */
export function bookingClosureEmail(d: ClosureInput, place: MailPlace): Email {
  const { day, why, note } = closedDayWords(d, place);
  const lead = `We're sorry: we have to close on ${day}${why}, the day of your visit.`;
  // The day, not the visit's window: the whole day is closed (m6 of the fourth walk).
  return email(d.booking.email, `We're closed on ${day}: please choose a new time`, {
    preheader: lead,
    greeting: `Hi ${firstName(d.booking)},`,
    lead: [
      lead,
      "Please choose a new time that suits you: any day we're open, whatever our usual deadline for changes says.",
      ...note,
    ],
    facts: visitFacts(d.booking, place, "Your notes"),
    action: { label: "Choose a new time", href: d.manageUrl },
    after: [
      [
        "If no other time suits you, ",
        manageLink(d.manageUrl, "your booking's page"),
        ` has the choices, or call us at ${place.phone}.`,
      ],
    ],
    business: business(place),
  });
}

/** To the customer, when the team cancelled their booking because they closed its day. */
function closedDayCancelledEmail(d: CancelledInput & { closure: ClosureNote }, place: MailPlace): Email {
  const { day, why, note } = closedDayWords(d, place);
  const lead = `We're sorry: we have to close on ${day}${why}, so we have cancelled your booking.`;
  return email(
    d.booking.email,
    `We're closed on ${day}: your booking is cancelled`,
    {
      preheader: lead,
      greeting: `Hi ${firstName(d.booking)},`,
      lead: [lead, ...note],
      facts: visitFacts(d.booking, place, "Your notes"),
      action: { label: "Book another time", href: `${place.publicUrl}/booking` },
      after: [
        "The attached calendar file removes it from your calendar.",
        `We'd love to see you another day. Questions? Call us at ${place.phone}.`,
      ],
      business: business(place),
    },
    [calendarFile(d.booking, place, new Date(d.at), d.sequence)],
  );
}
