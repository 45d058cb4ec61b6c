import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail, type EmailContent } from "~/.server/mail/email-layout";
import { mailClockSpan, mailLongDay } from "~/.server/mail/mail-format";
import { greeting, siteLink, wordsFor, type MailWords } from "~/.server/mail/mail-i18n";
import { slotHours, type Arrival } from "~/features/bookings/bookings.schema";
import { LANGUAGE_TAG, type Locale } from "~/lib/i18n/locale";
import { clockMinutes, timeInSentence } from "~/lib/opening-hours";

/** What the waitlist's e-mails say about the business, and where its links lead. */
export interface WaitlistMailPlace {
  name: string;
  address: string;
  phone: string;
  publicUrl: string;
  timeZone: string;
}

/** Every waitlist e-mail's input: the entry's language (issue 49; missing in those stored before: English). */
interface InLanguage {
  locale?: Locale;
}

/** Joined: the day, the windows that would do, the visit, and the link to leave the list. */
export interface WaitlistJoinedData extends InLanguage {
  fullName: string;
  date: string;
  slots: string[];
  /** When the car would arrive in each of `slots` (shortened to finish by closing); missing in e-mails stored before issue 43. */
  arrivals?: Arrival[];
  summary: string;
  leaveUrl: string;
}

/** A place held for the customer: one tap books it, until `expiresAt`. */
export interface WaitlistOfferData extends InLanguage {
  fullName: string;
  date: string;
  slot: string;
  /** When the car must arrive in the place held (shortened to finish by closing); missing in e-mails stored before issue 43. */
  arrival?: Arrival | null;
  summary: string;
  expiresAt: string;
  offerUrl: string;
  leaveUrl: string;
}

/** A hold ended unbooked: whether the customer is still on the day's list (decision 032). */
export interface WaitlistLapsedData extends InLanguage {
  fullName: string;
  date: string;
  expiresAt: string;
  stillWaiting: boolean;
  leaveUrl: string;
}

/** The day closed: the entry ended, with the shop's reason. */
export interface WaitlistClosedData extends InLanguage {
  fullName: string;
  date: string;
  reason: string;
}

/** "2026-11-28" → "Saturday, November 28" ("sábado, 28 de noviembre"). */
export const waitlistDay = (date: string, locale: Locale = "en") => mailLongDay(date, locale);
/** "9–11 AM" ("9–11 a. m."): an arrival window in the e-mail's language. */
const windowText = (arrival: Arrival, locale: Locale) =>
  mailClockSpan(clockMinutes(arrival.start), clockMinutes(arrival.end), locale);
/** A window as stored ("09:00–11:00", as a message stored before issue 43 holds it), said as every page says a time ("9–11 AM"). */
export const slotText = (slot: string, locale: Locale = "en") => {
  const hours = slotHours(slot);
  return hours ? windowText(hours, locale) : slot;
};
/** The greeting's name: none when the entry has none ("Hi there,"). */
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? "";
/** The booking page, in the e-mail's language. */
const bookingPage = (place: WaitlistMailPlace, w: MailWords) => {
  const site = place.publicUrl.replace(/\/+$/, "");
  return siteLink(w, `${site}/booking`, site);
};
const business = (place: WaitlistMailPlace): EmailContent["business"] => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});

function joinedEmail(d: WaitlistJoinedData, place: WaitlistMailPlace) {
  const w = wordsFor(d.locale);
  const { i18n, locale } = w;
  const day = waitlistDay(d.date, locale);
  const windows = d.slots.length
    ? (d.arrivals?.map((a) => windowText(a, locale)) ?? d.slots.map((slot) => slotText(slot, locale))).join(", ")
    : i18n._("any time that day");
  return {
    subject: i18n._("You're on the waitlist for {day}", { day }),
    ...renderEmail({
      preheader: i18n._("We'll e-mail you if a place frees up on {day}.", { day }),
      greeting: greeting(w, firstName(d.fullName)),
      lead: [
        i18n._(
          "You're on the waitlist for {day}. If a place frees up that fits your visit, we'll hold it for you and e-mail you a link: one tap books it.",
          { day },
        ),
        i18n._("Places are offered in the order people joined the list."),
      ],
      facts: [
        { label: i18n._("Day"), value: day },
        { label: i18n._("Arrival"), value: windows },
        { label: i18n._("Visit"), value: d.summary },
      ],
      after: [leaveParagraph(w, d.leaveUrl, place)],
      lang: locale,
      business: business(place),
    }),
  };
}

/** "Changed your plans? Leave the waitlist." */
const leaveParagraph = (w: MailWords, leaveUrl: string, place: WaitlistMailPlace) => [
  w.i18n._("Changed your plans? "),
  { label: w.i18n._("Leave the waitlist"), href: siteLink(w, leaveUrl, place.publicUrl) },
  ".",
];

/** "10:45 AM EST" ("10:45 a. m. EST"): when a hold ends, on the shop's clock. */
const holdEnd = (expiresAt: string, place: WaitlistMailPlace, locale: Locale) =>
  new Intl.DateTimeFormat(LANGUAGE_TAG[locale], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: place.timeZone,
    timeZoneName: "short",
  }).format(new Date(expiresAt));

/** The offer's page, asking at once whether to pass the place on (its "No thanks", confirmed there). */
export const declineUrl = (offerUrl: string) => `${offerUrl}?answer=no`;

function offerEmail(d: WaitlistOfferData, place: WaitlistMailPlace) {
  const w = wordsFor(d.locale);
  const { i18n, locale } = w;
  const day = waitlistDay(d.date, locale);
  const until = holdEnd(d.expiresAt, place, locale);
  // In a Spanish sentence the hour takes its article ("hasta la 1:15"); the fact below shows it alone.
  const arrive = d.arrival ? windowText(d.arrival, locale) : slotText(d.slot, locale);
  const offerUrl = siteLink(w, d.offerUrl, place.publicUrl);
  const values = { day, until: timeInSentence(until, locale), arrive };
  return {
    subject: i18n._("A place freed up on {day}: it's yours until {until}", values),
    ...renderEmail({
      preheader: i18n._("We're holding {arrive} on {day} for you until {until}.", values),
      greeting: greeting(w, firstName(d.fullName)),
      lead: [
        i18n._(
          "Good news: a place freed up on {day}, and we're holding it for you until {until}. One tap books it; there's nothing to type.",
          values,
        ),
        i18n._("If you don't want it, say no thanks and it goes to the next person on the list."),
      ],
      facts: [
        { label: i18n._("Day"), value: day },
        { label: i18n._("Arrival"), value: arrive },
        { label: i18n._("Visit"), value: d.summary },
        { label: i18n._("Held until"), value: until },
      ],
      action: { label: i18n._("Book this place"), href: offerUrl },
      after: [
        [
          i18n._("Don't want it? "),
          { label: i18n._("No thanks, pass it on"), href: declineUrl(offerUrl) },
          i18n._(" (you leave the waitlist for this day)."),
        ],
      ],
      lang: locale,
      business: business(place),
    }),
  };
}

function lapsedEmail(d: WaitlistLapsedData, place: WaitlistMailPlace) {
  const w = wordsFor(d.locale);
  const { i18n, locale } = w;
  const day = waitlistDay(d.date, locale);
  const values = { day, until: timeInSentence(holdEnd(d.expiresAt, place, locale), locale) };
  const held = i18n._(
    "We held a place for you on {day} until {until}, but it wasn't booked in time, so we've passed it on.",
    values,
  );
  return d.stillWaiting
    ? {
        subject: i18n._("Your held place has ended: you're still on the waitlist for {day}", values),
        ...renderEmail({
          preheader: i18n._("You're still on the waitlist for {day}.", values),
          greeting: greeting(w, firstName(d.fullName)),
          lead: [
            held,
            i18n._(
              "You're still on the waitlist for {day}. If another place frees up, we'll hold it for you and e-mail you again: one tap books it.",
              values,
            ),
          ],
          after: [leaveParagraph(w, d.leaveUrl, place)],
          lang: locale,
          business: business(place),
        }),
      }
    : {
        subject: i18n._("Your held place has ended: you're off the waitlist for {day}", values),
        ...renderEmail({
          preheader: i18n._("You're no longer on the waitlist for {day}.", values),
          greeting: greeting(w, firstName(d.fullName)),
          lead: [
            held,
            i18n._(
              "This is the second place we've held for you, so we've taken you off the waitlist for {day} to give others a turn. You're welcome to book another time, or join the list again.",
              values,
            ),
          ],
          action: { label: i18n._("Book another time"), href: bookingPage(place, w) },
          lang: locale,
          business: business(place),
        }),
      };
}

function closedEmail(d: WaitlistClosedData, place: WaitlistMailPlace) {
  const w = wordsFor(d.locale);
  const { i18n, locale } = w;
  const day = waitlistDay(d.date, locale);
  const why = d.reason ? ` (${d.reason})` : "";
  return {
    subject: i18n._("We're closed on {day}", { day }),
    ...renderEmail({
      preheader: i18n._("The waitlist for {day} has ended.", { day }),
      greeting: greeting(w, firstName(d.fullName)),
      lead: [
        i18n._(
          "We're sorry: we're closed on {day}{why}, so the waitlist for that day has ended and you're no longer on it.",
          { day, why },
        ),
        i18n._("Please choose another day on our site, or call us."),
      ],
      action: { label: i18n._("Book another day"), href: bookingPage(place, w) },
      lang: locale,
      business: business(place),
    }),
  };
}

/** The waitlist's stored templates (decision 023: the names are a stored API). */
export function waitlistTemplates(place: WaitlistMailPlace) {
  return {
    "waitlist-joined": (d: WaitlistJoinedData) => joinedEmail(d, place),
    "waitlist-offer": (d: WaitlistOfferData) => offerEmail(d, place),
    "waitlist-lapsed": (d: WaitlistLapsedData) => lapsedEmail(d, place),
    "waitlist-closed": (d: WaitlistClosedData) => closedEmail(d, place),
  } satisfies MessageTemplates;
}
type WaitlistTemplates = ReturnType<typeof waitlistTemplates>;

/** A waitlist e-mail to store: its template's name and input, checked against the template. */
export function waitlistMessage<K extends keyof WaitlistTemplates>(
  template: K,
  to: string,
  data: Parameters<WaitlistTemplates[K]>[0],
): TemplatedEmail {
  return { to, template, data };
}
