import { longDate } from "~/lib/day-text";
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

/** "valid until Friday, December 25, 2026", with a pack's washes left. */
export function membershipTerm(m: Pick<Membership, "validUntil" | "washesLeft">): string {
  const until = `valid until ${longDate(m.validUntil)}`;
  return m.washesLeft === null ? until : `${m.washesLeft} ${m.washesLeft === 1 ? "wash" : "washes"} left, ${until}`;
}
