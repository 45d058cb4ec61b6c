import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader expects it to: before the "@" and before each dot of
 * the domain, never inside a name ("jordan.rivera@" never becomes "jordan.riv / era@"). A narrow
 * column gets the address on two or three lines, each part whole; the title holds it on one.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <span title={email} className={className}>
      {emailParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {/* Whole: no break at a name's own hyphen ("tester-" / "4f2a") either. */}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** The pieces between which an address may wrap: the name, then "@domain", then each ".label". */
export function emailParts(email: string): string[] {
  const at = email.lastIndexOf("@");
  if (at <= 0) return [email];
  const [first, ...rest] = email.slice(at).split(".");
  return [email.slice(0, at), first!, ...rest.map((label) => `.${label}`)];
}
