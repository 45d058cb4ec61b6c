import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail, type EmailContent } from "~/.server/mail/email-layout";
import { arrivalText, slotHours, type Arrival } from "~/features/bookings/bookings.schema";

/** What the waitlist's e-mails say about the business, and where its links lead. */
export interface WaitlistMailPlace {
  name: string;
  address: string;
  phone: string;
  publicUrl: string;
  timeZone: string;
}

/** Joined: the day, the windows that would do, the visit, and the link to leave the list. */
export interface WaitlistJoinedData {
  fullName: string;
  date: string;
  slots: string[];
  /** When the car would arrive in each of `slots` (shortened to finish by closing); missing in e-mails stored before issue 43. */
  arrivals?: Arrival[];
  summary: string;
  leaveUrl: string;
}

/** A place held for the customer: one tap books it, until `expiresAt`. */
export interface WaitlistOfferData {
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
export interface WaitlistLapsedData {
  fullName: string;
  date: string;
  expiresAt: string;
  stillWaiting: boolean;
  leaveUrl: string;
}

/** The day closed: the entry ended, with the shop's reason. */
export interface WaitlistClosedData {
  fullName: string;
  date: string;
  reason: string;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
/** "2026-11-28" → "Saturday, November 28". */
export const waitlistDay = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));
/** A window as stored ("09:00–11:00", as a message stored before issue 43 holds it), said as every page says a time ("9–11 AM"). */
export const slotText = (slot: string) => {
  const hours = slotHours(slot);
  return hours ? arrivalText(hours) : slot;
};
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || "there";
const business = (place: WaitlistMailPlace): EmailContent["business"] => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});

function joinedEmail(d: WaitlistJoinedData, place: WaitlistMailPlace) {
  const day = waitlistDay(d.date);
  const windows = d.slots.length
    ? (d.arrivals?.map(arrivalText) ?? d.slots.map(slotText)).join(", ")
    : "any time that day";
  return {
    subject: `You're on the waitlist for ${day}`,
    ...renderEmail({
      preheader: `We'll e-mail you if a place frees up on ${day}.`,
      greeting: `Hi ${firstName(d.fullName)},`,
      lead: [
        `You're on the waitlist for ${day}. If a place frees up that fits your visit, we'll hold it for you and e-mail you a link: one tap books it.`,
        "Places are offered in the order people joined the list.",
      ],
      facts: [
        { label: "Day", value: day },
        { label: "Arrival", value: windows },
        { label: "Visit", value: d.summary },
      ],
      after: [["Changed your plans? ", { label: "Leave the waitlist", href: d.leaveUrl }, "."]],
      business: business(place),
    }),
  };
}

/** "10:45 AM EST": when a hold ends, on the shop's clock. */
const holdEnd = (expiresAt: string, place: WaitlistMailPlace) =>
  new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: place.timeZone,
    timeZoneName: "short",
  }).format(new Date(expiresAt));

/** The offer's page, asking at once whether to pass the place on (its "No thanks", confirmed there). */
export const declineUrl = (offerUrl: string) => `${offerUrl}?answer=no`;

function offerEmail(d: WaitlistOfferData, place: WaitlistMailPlace) {
  const day = waitlistDay(d.date);
  const until = holdEnd(d.expiresAt, place);
  const arrive = d.arrival ? arrivalText(d.arrival) : slotText(d.slot);
  return {
    subject: `A place freed up on ${day}: it's yours until ${until}`,
    ...renderEmail({
      preheader: `We're holding ${arrive} on ${day} for you until ${until}.`,
      greeting: `Hi ${firstName(d.fullName)},`,
      lead: [
        `Good news: a place freed up on ${day}, and we're holding it for you until ${until}. One tap books it; there's nothing to type.`,
        "If you don't want it, say no thanks and it goes to the next person on the list.",
      ],
      facts: [
        { label: "Day", value: day },
        { label: "Arrival", value: arrive },
        { label: "Visit", value: d.summary },
        { label: "Held until", value: until },
      ],
      action: { label: "Book this place", href: d.offerUrl },
      after: [
        [
          "Don't want it? ",
          { label: "No thanks, pass it on", href: declineUrl(d.offerUrl) },
          " (you leave the waitlist for this day).",
        ],
      ],
      business: business(place),
    }),
  };
}

function lapsedEmail(d: WaitlistLapsedData, place: WaitlistMailPlace) {
  const day = waitlistDay(d.date);
  const held = `We held a place for you on ${day} until ${holdEnd(d.expiresAt, place)}, but it wasn't booked in time, so we've passed it on.`;
  const bookUrl = `${place.publicUrl.replace(/\/+$/, "")}/booking`;
  return d.stillWaiting
    ? {
        subject: `Your held place has ended: you're still on the waitlist for ${day}`,
        ...renderEmail({
          preheader: `You're still on the waitlist for ${day}.`,
          greeting: `Hi ${firstName(d.fullName)},`,
          lead: [
            held,
            `You're still on the waitlist for ${day}. If another place frees up, we'll hold it for you and e-mail you again: one tap books it.`,
          ],
          after: [["Changed your plans? ", { label: "Leave the waitlist", href: d.leaveUrl }, "."]],
          business: business(place),
        }),
      }
    : {
        subject: `Your held place has ended: you're off the waitlist for ${day}`,
        ...renderEmail({
          preheader: `You're no longer on the waitlist for ${day}.`,
          greeting: `Hi ${firstName(d.fullName)},`,
          lead: [
            held,
            `This is the second place we've held for you, so we've taken you off the waitlist for ${day} to give others a turn. You're welcome to book another time, or join the list again.`,
          ],
          action: { label: "Book another time", href: bookUrl },
          business: business(place),
        }),
      };
}

function closedEmail(d: WaitlistClosedData, place: WaitlistMailPlace) {
  const day = waitlistDay(d.date);
  return {
    subject: `We're closed on ${day}`,
    ...renderEmail({
      preheader: `The waitlist for ${day} has ended.`,
      greeting: `Hi ${firstName(d.fullName)},`,
      lead: [
        `We're sorry: we're closed on ${day}${d.reason ? ` (${d.reason})` : ""}, so the waitlist for that day has ended and you're no longer on it.`,
        "Please choose another day on our site, or call us.",
      ],
      action: { label: "Book another day", href: `${place.publicUrl.replace(/\/+$/, "")}/booking` },
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
