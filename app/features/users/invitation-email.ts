import { renderEmail, type EmailContent } from "~/.server/mail/email-layout";
import type { Email } from "~/.server/mail/mailer";
import { ROLE_WORDS } from "./role-words";
import type { Role } from "~/lib/roles";

export interface InvitationEmail {
  to: string;
  role: Role;
  invitedBy: string;
  url: string;
  /** When the link stops working, as the business's clock says it ("Monday, December 7, 3:04 PM"). */
  expires: string;
  business: EmailContent["business"];
}

/**
 * The invitation to the team, stored whole in the outbox (its link is in the text, as a password
 * reset's is: a backup's dump has the token after /invite/ overwritten, scrub-links.ts).
 */
export function invitationEmail({ to, role, invitedBy, url, expires, business }: InvitationEmail): Email {
  const as = ROLE_WORDS[role];
  return {
    to,
    subject: `${invitedBy} invited you to join ${business.name} as ${as}`,
    ...renderEmail({
      preheader: `Accept within 7 days: sign up or log in with ${to}.`,
      greeting: "Hi,",
      lead: [
        `${invitedBy} invited you to join the team at ${business.name} as ${as}.`,
        `Open the link, then sign up or log in with this address (${to}) and accept. The link works once, until ${expires}.`,
      ],
      action: { label: "Open the invitation", href: url },
      after: ["If you weren't expecting this, ignore this e-mail: nothing changes until the invitation is accepted."],
      business,
    }),
  };
}
