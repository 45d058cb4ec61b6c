import { dateWithYear } from "~/lib/day-text";
import type { Membership } from "./club.schema";

const STATUS: Record<Membership["status"], { label: string; className: string }> = {
  active: { label: "Active", className: "bg-emerald-100 text-emerald-900" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-800" },
  "used-up": { label: "Used up", className: "bg-amber-100 text-amber-900" },
  cancelled: { label: "Cancelled", className: "bg-red-100 text-red-900" },
};

export function MembershipStatusBadge({ status }: { status: Membership["status"] }) {
  const { label, className } = STATUS[status];
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${className}`}>{label}</span>;
}

/** "Valid until Tue, Dec 29, 2026", after a pack's washes left: a pack runs a year, so the year is said. */
export function membershipTerm(m: Pick<Membership, "validUntil" | "washesLeft">): string {
  const until = `alid until ${dateWithYear(m.validUntil)}`;
  return m.washesLeft === null
    ? `V${until}`
    : `${m.washesLeft} ${m.washesLeft === 1 ? "wash" : "washes"} left · v${until}`;
}
