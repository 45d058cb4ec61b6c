import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { dateWithYear } from "~/lib/day-text";
import { useLocale } from "~/lib/i18n/use-locale";
import type { Membership } from "./club.schema";

const STATUS: Record<Membership["status"], { label: MessageDescriptor; className: string }> = {
  active: { label: msg`Active`, className: "bg-emerald-100 text-emerald-900" },
  expired: { label: msg`Expired`, className: "bg-slate-200 text-slate-800" },
  "used-up": { label: msg`Used up`, className: "bg-amber-100 text-amber-900" },
  cancelled: { label: msg`Cancelled`, className: "bg-red-100 text-red-900" },
};

/** In the page's language: the member's club card on their Spanish home says "Activa". */
export function MembershipStatusBadge({ status }: { status: Membership["status"] }) {
  const { i18n } = useLingui();
  const { label, className } = STATUS[status];
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${className}`}>{i18n._(label)}</span>;
}

/** membershipTerm in the page's language, for the member's own card. */
export function useMembershipTerm(): (m: Pick<Membership, "validUntil" | "washesLeft">) => string {
  const { t } = useLingui();
  const locale = useLocale();
  return (m) => {
    const until = dateWithYear(m.validUntil, locale);
    if (m.washesLeft === null) return t`Valid until ${until}`;
    const washes = m.washesLeft;
    return t`${plural(washes, { one: "# wash left", other: "# washes left" })} · valid until ${until}`;
  };
}

/** "Valid until Tue, Dec 29, 2026", after a pack's washes left: a pack runs a year, so the year is said. */
export function membershipTerm(m: Pick<Membership, "validUntil" | "washesLeft">): string {
  const until = `alid until ${dateWithYear(m.validUntil)}`;
  return m.washesLeft === null
    ? `V${until}`
    : `${m.washesLeft} ${m.washesLeft === 1 ? "wash" : "washes"} left · v${until}`;
}
