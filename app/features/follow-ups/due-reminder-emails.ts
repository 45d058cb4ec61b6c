import type { Email, TemplatedEmail } from "~/.server/mail/mailer";
import { renderEmail, type EmailContent, type EmailParagraph } from "~/.server/mail/email-layout";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { vehicleInSentence, vehicleName } from "~/features/garage/garage.schema";

/**
 * The due reminder and its one follow-up (issue 28), as stored: what the customer is told about
 * their oil change (kept small: a few names and numbers), written out when sent or shown. The
 * links are made from the record's id and the address when written: the rebook link, and the way
 * out of service reminders (a paragraph and RFC 8058's headers). The names are a stored API
 * (decision 023).
 */
export interface DueReminderData {
  recordId: string;
  firstName: string;
  /** "Honda CR-V", or the type in a sentence ("SUV", "car"): what "Your … is due" names. */
  vehicle: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  dueMileage: number;
  servicedOn: string;
  odometer: number;
  oil: string;
}

export interface ReminderPlace {
  name: string;
  address: string;
  phone: string;
  publicUrl: string;
}

/** The links a reminder carries (services.ts makes them: the rebook link's signer, consent's unsubscribe link). */
export interface ReminderLinks {
  rebookUrl(recordId: string): string;
  /** Stopping service reminders for the address: the text's last paragraph, and the List-Unsubscribe headers. */
  unsubscribe(email: string): { paragraph: EmailParagraph; headers: Record<string, string> };
}

/** "Honda CR-V" (make and model, as the garage names a vehicle, without its colour), else "SUV", "car", "vehicle". */
export function reminderVehicle(v: { vehicleMake: string; vehicleModel: string; vehicleType: string }): string {
  const name = vehicleName({ make: v.vehicleMake, model: v.vehicleModel, vehicleType: v.vehicleType });
  return name === v.vehicleType ? vehicleInSentence(v.vehicleType) : name;
}

const monthDay = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
const fullDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
/** "March 3": a due date is months ahead at most, so its year goes without saying. */
const dayOf = (date: string) => monthDay.format(new Date(`${date}T12:00:00Z`));
const miles = (n: number) => `${n.toLocaleString("en-US")} miles`;

function reminderEmail(
  d: DueReminderData,
  to: string,
  place: ReminderPlace,
  links: ReminderLinks,
  words: { subject: string; preheader: string; lead: string[] },
): Omit<Email, "to"> {
  const unsubscribe = links.unsubscribe(to);
  const content: EmailContent = {
    preheader: words.preheader,
    greeting: `Hi ${d.firstName},`,
    lead: words.lead,
    facts: [
      { label: "Last oil change", value: fullDate.format(new Date(`${d.servicedOn}T12:00:00Z`)) },
      { label: "Odometer", value: miles(d.odometer) },
      { label: "Oil", value: d.oil },
    ],
    action: { label: "Book your oil change", href: links.rebookUrl(d.recordId) },
    after: [`Rather call? We're at ${place.phone}.`, unsubscribe.paragraph],
    business: { name: place.name, address: place.address, phone: place.phone, publicUrl: place.publicUrl },
  };
  return { subject: words.subject, ...renderEmail(content), headers: unsubscribe.headers };
}

export function dueReminderTemplates(place: ReminderPlace, links: ReminderLinks) {
  return {
    "due-reminder": (d: DueReminderData, to: string) =>
      reminderEmail(d, to, place, links, {
        subject: `Your ${d.vehicle} is due for an oil change`,
        preheader: `Due around ${dayOf(d.dueDate)} or ${miles(d.dueMileage)}. Pick a day and time: the rest is filled in.`,
        lead: [
          `Your ${d.vehicle} is due for an oil change around ${dayOf(d.dueDate)} or ${miles(d.dueMileage)}, whichever comes first.`,
          "Booking takes a minute: your car and your details are already filled in, so you just pick a day and a time.",
        ],
      }),
    "due-follow-up": (d: DueReminderData, to: string) =>
      reminderEmail(d, to, place, links, {
        subject: `Your ${d.vehicle} was due for an oil change on ${dayOf(d.dueDate)}`,
        preheader: "If it has had one since, thank you: nothing to do. If not, booking takes a minute.",
        lead: [
          `Your ${d.vehicle} was due for an oil change on ${dayOf(d.dueDate)} (or at ${miles(d.dueMileage)}).`,
          "If it has had one since, thank you: there is nothing to do. If not, booking takes a minute: your car and your details are already filled in.",
          "This is the last reminder we send for this oil change.",
        ],
      }),
  } satisfies MessageTemplates;
}

type DueReminderTemplates = ReturnType<typeof dueReminderTemplates>;

/** A due reminder or its follow-up to store: its template's name and input. */
export function dueReminderMessage(
  template: keyof DueReminderTemplates,
  to: string,
  data: DueReminderData,
): TemplatedEmail {
  return { to, template, data };
}
