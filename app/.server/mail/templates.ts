/**
 * The account e-mails better-auth asks for (reset password, confirm the address), written through
 * the same layout as the booking e-mails (email-layout.ts): one look, one escaping path.
 */
import { renderEmail, type EmailContent } from "./email-layout";
import type { Email } from "./mailer";

/** Who sends it, as the layout's header and footer name the business. */
export type EmailBusiness = EmailContent["business"];

interface AccountEmail {
  to: string;
  name: string;
  url: string;
  business: EmailBusiness;
}

export function passwordResetEmail({ to, name, url, business }: AccountEmail): Email {
  return {
    to,
    subject: `Reset your ${business.name} password`,
    ...renderEmail({
      preheader: "Choose a new password within the hour.",
      greeting: `Hi ${name},`,
      lead: [
        `Someone (hopefully you) asked to reset the password of your ${business.name} account.`,
        "Open this link within one hour to choose a new password. The link works once.",
      ],
      action: { label: "Choose a new password", href: url },
      after: ["If you didn't ask for this, ignore this e-mail: your password stays the same."],
      business,
    }),
  };
}

export function verifyEmailEmail({ to, name, url, business }: AccountEmail): Email {
  return {
    to,
    subject: `Confirm your e-mail address for ${business.name}`,
    ...renderEmail({
      preheader: `Confirm that ${to} is yours.`,
      greeting: `Hi ${name},`,
      lead: [`Please confirm that ${to} is your address for your ${business.name} account.`],
      action: { label: "Confirm my e-mail address", href: url },
      after: [
        "Once it is confirmed, My Bookings also lists the bookings made with this address without signing in.",
        "If you didn't ask for this, ignore this e-mail: nothing changes.",
      ],
      business,
    }),
  };
}
