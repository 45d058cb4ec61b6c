import type { Email, TemplatedEmail } from "~/.server/mail/mailer";
import { renderEmail, type EmailContent, type EmailParagraph } from "~/.server/mail/email-layout";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { greeting, siteLink, wordsFor, type MailWords } from "~/.server/mail/mail-i18n";
import { vehicleInSentence, vehicleName } from "~/features/garage/garage.schema";
import { LANGUAGE_TAG, type Locale } from "~/lib/i18n/locale";

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
  /** The visit's language (issue 49); missing in reminders stored before: English. */
  locale?: Locale;
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
  unsubscribe(email: string, words: MailWords): { paragraph: EmailParagraph; headers: Record<string, string> };
}

/**
 * "Honda CR-V" (make and model, as the garage names a vehicle, without its colour), else "SUV",
 * "car", "vehicle"; in a Spanish reminder a vehicle named by its type only is "vehículo".
 */
export function reminderVehicle(
  v: { vehicleMake: string; vehicleModel: string; vehicleType: string },
  { i18n, locale }: MailWords = wordsFor("en"),
): string {
  const name = vehicleName({ make: v.vehicleMake, model: v.vehicleModel, vehicleType: v.vehicleType });
  if (name !== v.vehicleType) return name;
  return locale === "en" ? vehicleInSentence(v.vehicleType) : i18n._("vehicle");
}

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);
/** "March 3" ("3 de marzo"): a due date is months ahead at most, so its year goes without saying. */
const dayOf = (date: string, locale: Locale) =>
  utcNoon(date).toLocaleDateString(LANGUAGE_TAG[locale], { month: "long", day: "numeric", timeZone: "UTC" });
/** "March 3, 2026" ("3 de marzo de 2026"). */
const fullDate = (date: string, locale: Locale) =>
  utcNoon(date).toLocaleDateString(LANGUAGE_TAG[locale], {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const miles = ({ i18n, locale }: MailWords, n: number) =>
  i18n._("{count} miles", { count: n.toLocaleString(LANGUAGE_TAG[locale]) });

function reminderEmail(
  d: DueReminderData,
  to: string,
  place: ReminderPlace,
  links: ReminderLinks,
  words: { subject: string; preheader: string; lead: string[] },
): Omit<Email, "to"> {
  const w = wordsFor(d.locale);
  const { i18n } = w;
  const unsubscribe = links.unsubscribe(to, w);
  const content: EmailContent = {
    preheader: words.preheader,
    greeting: greeting(w, d.firstName),
    lead: words.lead,
    facts: [
      { label: i18n._("Last oil change"), value: fullDate(d.servicedOn, w.locale) },
      { label: i18n._("Odometer"), value: miles(w, d.odometer) },
      { label: i18n._("Oil"), value: d.oil },
    ],
    action: {
      label: i18n._("Book your oil change"),
      href: siteLink(w, links.rebookUrl(d.recordId), place.publicUrl),
    },
    after: [i18n._("Rather call? We're at {phone}.", { phone: place.phone }), unsubscribe.paragraph],
    lang: w.locale,
    business: { name: place.name, address: place.address, phone: place.phone, publicUrl: place.publicUrl },
  };
  return { subject: words.subject, ...renderEmail(content), headers: unsubscribe.headers };
}

/** A reminder's own words, with its due day and mileage, in the reminder's language. */
function dueValues(d: DueReminderData) {
  const w = wordsFor(d.locale);
  return { w, values: { vehicle: d.vehicle, day: dayOf(d.dueDate, w.locale), miles: miles(w, d.dueMileage) } };
}

export function dueReminderTemplates(place: ReminderPlace, links: ReminderLinks) {
  return {
    "due-reminder": (d: DueReminderData, to: string) => {
      const { w, values } = dueValues(d);
      return reminderEmail(d, to, place, links, {
        subject: w.i18n._("Your {vehicle} is due for an oil change", values),
        preheader: w.i18n._("Due around {day} or {miles}. Pick a day and time: the rest is filled in.", values),
        lead: [
          w.i18n._("Your {vehicle} is due for an oil change around {day} or {miles}, whichever comes first.", values),
          w.i18n._(
            "Booking takes a minute: your car and your details are already filled in, so you just pick a day and a time.",
          ),
        ],
      });
    },
    "due-follow-up": (d: DueReminderData, to: string) => {
      const { w, values } = dueValues(d);
      return reminderEmail(d, to, place, links, {
        subject: w.i18n._("Your {vehicle} was due for an oil change on {day}", values),
        preheader: w.i18n._("If it has had one since, thank you: nothing to do. If not, booking takes a minute."),
        lead: [
          w.i18n._("Your {vehicle} was due for an oil change on {day} (or at {miles}).", values),
          w.i18n._(
            "If it has had one since, thank you: there is nothing to do. If not, booking takes a minute: your car and your details are already filled in.",
          ),
          w.i18n._("This is the last reminder we send for this oil change."),
        ],
      });
    },
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
