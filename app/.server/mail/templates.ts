import type { Email } from "./mailer";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetEmail({
  to,
  name,
  url,
  siteName,
}: {
  to: string;
  name: string;
  url: string;
  siteName: string;
}): Email {
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text:
      `Hi ${name},\n\nSomeone (hopefully you) asked to reset the password of your ${siteName} account.\n` +
      `Open this link within one hour to choose a new password:\n\n${url}\n\n` +
      `The link works once. If you didn't ask for this, ignore this e-mail: your password stays the same.\n`,
    html:
      `<p>Hi ${escape(name)},</p><p>Someone (hopefully you) asked to reset the password of your ${escape(siteName)} account.</p>` +
      `<p><a href="${escape(url)}">Choose a new password</a> (the link works once, for one hour).</p>` +
      `<p>If you didn't ask for this, ignore this e-mail: your password stays the same.</p>`,
  };
}

export function verifyEmailEmail({
  to,
  name,
  url,
  siteName,
}: {
  to: string;
  name: string;
  url: string;
  siteName: string;
}): Email {
  return {
    to,
    subject: `Confirm your e-mail address for ${siteName}`,
    text:
      `Hi ${name},\n\nPlease confirm that ${to} is your address for your ${siteName} account:\n\n${url}\n\n` +
      `Once it is confirmed, My Bookings also lists the bookings made with this address without signing in.\n` +
      `If you didn't ask for this, ignore this e-mail: nothing changes.\n`,
    html:
      `<p>Hi ${escape(name)},</p><p>Please confirm that ${escape(to)} is your address for your ${escape(siteName)} account.</p>` +
      `<p><a href="${escape(url)}">Confirm my e-mail address</a></p>` +
      `<p>Once it is confirmed, My Bookings also lists the bookings made with this address without signing in.</p>` +
      `<p>If you didn't ask for this, ignore this e-mail: nothing changes.</p>`,
  };
}
