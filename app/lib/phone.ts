/**
 * A customer's phone number as the shop's screens show it. Numbers are stored as typed ("718 555
 * 0161", "347-555-0150", "(212) 555-0131"); a US number (ten digits, or eleven with the leading 1,
 * written with only spaces, dots, dashes, brackets and a "+1") is shown one way, "(212) 555-0131",
 * so lists and the run sheet read alike. Anything else (another country's, an extension) is shown
 * as typed. Only for display: searches, CSV files and e-mails keep what was typed.
 */
export function displayPhone(phone: string): string {
  const typed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  // "+44 …" is not a US number, whatever its length.
  if (national.length !== 10 || (typed.startsWith("+") && !typed.startsWith("+1"))) return typed;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
