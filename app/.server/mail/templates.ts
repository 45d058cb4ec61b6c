/**
 * The account e-mails better-auth asks for (reset password, confirm the address), written through
 * the same layout as the booking e-mails (email-layout.ts): one look, one escaping path; in the
 * member's language (issue 49).
 */
import type { Locale } from "~/lib/i18n/locale";
import { renderEmail, type EmailContent } from "./email-layout";
import { greeting, wordsFor } from "./mail-i18n";
import type { Email } from "./mailer";

/** Who sends it, as the layout's header and footer name the business. */
export type EmailBusiness = EmailContent["business"];

interface AccountEmail {
  to: string;
  name: string;
  url: string;
  business: EmailBusiness;
  locale?: Locale;
}

export function passwordResetEmail({ to, name, url, business, locale }: AccountEmail): Email {
  const w = wordsFor(locale);
  const { i18n } = w;
  return {
    to,
    subject: i18n._("Reset your {name} password", { name: business.name }),
    ...renderEmail({
      preheader: i18n._("Choose a new password within the hour."),
      greeting: greeting(w, name),
      lead: [
        i18n._("Someone (hopefully you) asked to reset the password of your {name} account.", {
          name: business.name,
        }),
        i18n._("Open this link within one hour to choose a new password. The link works once."),
      ],
      action: { label: i18n._("Choose a new password"), href: url },
      after: [i18n._("If you didn't ask for this, ignore this e-mail: your password stays the same.")],
      lang: w.locale,
      business,
    }),
  };
}

export function verifyEmailEmail({ to, name, url, business, locale }: AccountEmail): Email {
  const w = wordsFor(locale);
  const { i18n } = w;
  const values = { to, name: business.name };
  return {
    to,
    subject: i18n._("Confirm your e-mail address for {name}", values),
    ...renderEmail({
      preheader: i18n._("Confirm that {to} is yours.", values),
      greeting: greeting(w, name),
      lead: [i18n._("Please confirm that {to} is your address for your {name} account.", values)],
      action: { label: i18n._("Confirm my e-mail address"), href: url },
      after: [
        i18n._("Once it is confirmed, My Bookings also lists the bookings made with this address without signing in."),
        i18n._("If you didn't ask for this, ignore this e-mail: nothing changes."),
      ],
      lang: w.locale,
      business,
    }),
  };
}
