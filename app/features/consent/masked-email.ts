/**
 * An address as a page opened by a link shows it ("m•••@example.com"): enough for its owner to know
 * it, not enough to teach a forwarded link's reader someone's whole address.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${[...email][0]}•••${email.slice(at)}`;
}
