/**
 * The customer's e-mails after a change to their booking, one template per event (confirmed,
 * moved, cancelled), each in the words of who did it: "You moved your booking" after the customer's
 * own move through their manage link or My Bookings, "We moved your booking" after the team's.
 * A move names the time it had before. Their input is stored with the message (decision 023).
 */
import type { Email } from "~/.server/mail/mailer";
import type { EmailContent, EmailFact, EmailParagraph } from "~/.server/mail/email-layout";
import {
  business,
  calendarFile,
  email,
  firstName,
  manageAction,
  manageHref,
  manageLink,
  visitFacts,
  visitWhen,
  type ChangedFields,
  type MailPlace,
  type StoredVisit,
} from "./booking-emails";
import { arrivalList, greeting, siteLink, wordsFor, type MailWords } from "./booking-email-words";
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
function closedDayWords(d: { booking: Booking; closure: ClosureNote }, place: MailPlace, words: MailWords) {
  const day = visitWhen(d.booking, place.timeZone, words).day;
  const reason = d.closure.reason.trim();
  const note = d.closure.message?.trim();
  return { day, why: reason ? ` (${reason})` : "", note: note ? [note] : [] };
}
/** A `booking-updated` message as stored before the three templates (without who or the old time). */
export interface UpdatedInput extends ChangeInput {
  change: ChangedFields;
}

/** "Fri, Nov 27, 9–11 AM" / "vie, 27 nov, 9–11 a. m." */
const short = (visit: VisitTime, place: MailPlace, words: MailWords) => visitWhen(visit, place.timeZone, words).short;

/** The time a moved booking had, under the new one. */
function beforeFact(from: VisitTime, place: MailPlace, words: MailWords): EmailFact {
  const when = visitWhen(from, place.timeZone, words);
  return { label: words.i18n._("Before"), value: when.day, note: when.arrive };
}

/** The booking's facts, with its old time after the new one. */
function factsAfterMove(
  booking: Booking,
  place: MailPlace,
  from: VisitTime | undefined,
  words: MailWords,
): EmailFact[] {
  const facts = visitFacts(booking, place);
  return from ? [facts[0]!, beforeFact(from, place, words), ...facts.slice(1)] : facts;
}

/** An e-mail about a booking that is still on: with its manage button, arrival notes and calendar update. */
function liveBookingEmail(
  d: ChangeInput,
  place: MailPlace,
  words: { subject: string; lead: string[]; facts: EmailFact[]; after?: EmailParagraph[] },
): Email {
  const w = wordsFor(d.booking.locale);
  const content: EmailContent = {
    preheader: words.lead[0]!,
    greeting: greeting(w, firstName(d.booking)),
    lead: words.lead,
    facts: words.facts,
    action: manageAction(manageHref(w, d.manageUrl, place), w),
    list: arrivalList(w),
    after: [...(words.after ?? []), w.i18n._("The attached calendar file updates it in your calendar.")],
    lang: w.locale,
    business: business(place),
  };
  return email(d.booking.email, words.subject, content, [calendarFile(d.booking, place, new Date(d.at), d.sequence)]);
}

/** To the customer, when the team confirms their booking (and, with `from`, moved it as they did). */
export function bookingConfirmedEmail(d: ConfirmedInput, place: MailPlace): Email {
  const w = wordsFor(d.booking.locale);
  const when = short(d.booking, place, w);
  const from = d.from && short(d.from, place, w);
  return liveBookingEmail(d, place, {
    subject: from
      ? w.i18n._("Your booking is confirmed for a new time – {when}", { when })
      : w.i18n._("Your booking is confirmed – {when}", { when }),
    lead: [
      from
        ? w.i18n._("Good news: your booking is confirmed. We moved it from {from} to {when}.", { from, when })
        : w.i18n._("Good news: your booking is confirmed. We look forward to seeing you."),
    ],
    facts: factsAfterMove(d.booking, place, d.from, w),
  });
}

/** To the customer, when their booking moved to another date or arrival window. */
export function bookingMovedEmail(d: MovedInput, place: MailPlace): Email {
  const w = wordsFor(d.booking.locale);
  const { i18n } = w;
  const values = { when: short(d.booking, place, w), from: short(d.from, place, w), phone: place.phone };
  const lead =
    d.by === "customer"
      ? [
          i18n._("You moved your booking from {from} to {when}.", values),
          d.booking.status === "pending"
            ? i18n._("We will confirm the new time shortly.")
            : i18n._("We look forward to seeing you."),
        ]
      : [i18n._("We moved your booking from {from} to {when}.", values)];
  const ifItDoesNotSuit: EmailParagraph = [
    i18n._("If the new time does not suit you, "),
    manageLink(manageHref(w, d.manageUrl, place), i18n._("choose another")),
    i18n._(" or call us at {phone}.", values),
  ];
  return liveBookingEmail(d, place, {
    subject:
      d.by === "customer"
        ? i18n._("You moved your booking – {when}", values)
        : i18n._("We moved your booking – {when}", values),
    lead,
    ...(d.by === "staff" && { after: [ifItDoesNotSuit] }),
    facts: factsAfterMove(d.booking, place, d.from, w),
  });
}

/** To the customer, when their booking is cancelled: its one button is "Book again" (the booking page). */
export function bookingCancelledEmail(d: CancelledInput, place: MailPlace): Email {
  if (d.closure) return closedDayCancelledEmail({ ...d, closure: d.closure }, place);
  const w = wordsFor(d.booking.locale);
  const { i18n } = w;
  const values = { when: short(d.booking, place, w), phone: place.phone };
  const words = {
    customer: () => ({
      subject: i18n._("You cancelled your booking – {when}", values),
      lead: i18n._("You cancelled your booking. Thank you for letting us know: the slot is free for someone else."),
    }),
    staff: () => ({
      subject: i18n._("We cancelled your booking – {when}", values),
      lead: i18n._("We cancelled your booking. If that is a surprise, please call us at {phone}.", values),
    }),
    unknown: () => ({
      subject: i18n._("Your booking was cancelled – {when}", values),
      lead: i18n._("Your booking has been cancelled. If that is a surprise, please call us at {phone}.", values),
    }),
  }[d.by ?? "unknown"]();
  return email(
    d.booking.email,
    words.subject,
    {
      preheader: words.lead,
      greeting: greeting(w, firstName(d.booking)),
      lead: [words.lead],
      facts: visitFacts(d.booking, place),
      action: { label: i18n._("Book again"), href: siteLink(w, `${place.publicUrl}/booking`, place.publicUrl) },
      after: [
        i18n._("The attached calendar file removes it from your calendar."),
        i18n._("Book again any time, or call us at {phone}.", values),
      ],
      lang: w.locale,
      business: business(place),
    },
    [calendarFile(d.booking, place, new Date(d.at), d.sequence)],
  );
}

/** To the customer, after a change that is none of the three (a booking waiting for confirmation again). */
export function bookingUpdatedEmail(d: ChangeInput, place: MailPlace): Email {
  const w = wordsFor(d.booking.locale);
  return liveBookingEmail(d, place, {
    subject: w.i18n._("Your booking was updated – {when}", { when: short(d.booking, place, w) }),
    lead: [
      d.booking.status === "pending"
        ? w.i18n._("Your booking is waiting for our confirmation.")
        : w.i18n._("Your booking is updated."),
    ],
    facts: visitFacts(d.booking, place),
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
  const w = wordsFor(d.booking.locale);
  const when = short(d.booking, place, w);
  return liveBookingEmail(d, place, {
    subject: w.i18n._("Your booking has a new time – {when}", { when }),
    lead: [w.i18n._("Your booking has moved to {when}.", { when })],
    facts: visitFacts(d.booking, place),
  });
}

/** To the customer, when the team closed their booking's day and asks them to choose another time. */
export function bookingClosureEmail(d: ClosureInput, place: MailPlace): Email {
  const w = wordsFor(d.booking.locale);
  const { i18n } = w;
  const { day, why, note } = closedDayWords(d, place, w);
  const manage = manageHref(w, d.manageUrl, place);
  const lead = i18n._("We're sorry: we have to close on {day}{why}, the day of your visit.", { day, why });
  // The day, not the visit's window: the whole day is closed (m6 of the fourth walk).
  return email(d.booking.email, i18n._("We're closed on {day}: please choose a new time", { day }), {
    preheader: lead,
    greeting: greeting(w, firstName(d.booking)),
    lead: [
      lead,
      i18n._(
        "Please choose a new time that suits you: any day we're open, whatever our usual deadline for changes says.",
      ),
      ...note,
    ],
    facts: visitFacts(d.booking, place),
    action: { label: i18n._("Choose a new time"), href: manage },
    after: [
      [
        i18n._("If no other time suits you, "),
        manageLink(manage, i18n._("your booking's page")),
        i18n._(" has the choices, or call us at {phone}.", { phone: place.phone }),
      ],
    ],
    lang: w.locale,
    business: business(place),
  });
}

/** To the customer, when the team cancelled their booking because they closed its day. */
function closedDayCancelledEmail(d: CancelledInput & { closure: ClosureNote }, place: MailPlace): Email {
  const w = wordsFor(d.booking.locale);
  const { i18n } = w;
  const { day, why, note } = closedDayWords(d, place, w);
  const lead = i18n._("We're sorry: we have to close on {day}{why}, so we have cancelled your booking.", { day, why });
  return email(
    d.booking.email,
    i18n._("We're closed on {day}: your booking is cancelled", { day }),
    {
      preheader: lead,
      greeting: greeting(w, firstName(d.booking)),
      lead: [lead, ...note],
      facts: visitFacts(d.booking, place),
      action: { label: i18n._("Book another time"), href: siteLink(w, `${place.publicUrl}/booking`, place.publicUrl) },
      after: [
        i18n._("The attached calendar file removes it from your calendar."),
        i18n._("We'd love to see you another day. Questions? Call us at {phone}.", { phone: place.phone }),
      ],
      lang: w.locale,
      business: business(place),
    },
    [calendarFile(d.booking, place, new Date(d.at), d.sequence)],
  );
}
