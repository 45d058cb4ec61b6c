import { dateWithYear } from "~/lib/day-text";
import type { Membership } from "./club.schema";
import { planPriceText } from "./plan-price-text";

const STATUS_WORDS: Record<Membership["status"], string> = {
  active: "Active",
  expired: "Ended",
  "used-up": "No washes left",
  cancelled: "Cancelled",
};

/** A customer's Wash Club memberships, as their page in Customers shows them (issue 47). */
export function MembershipSummary({ memberships, className }: { memberships: Membership[]; className?: string }) {
  return (
    <section aria-labelledby="club-heading" className={className}>
      <h2 id="club-heading" className="text-lg font-bold text-slate-900">
        Wash Club
      </h2>
      <ul className="mt-1 divide-y divide-slate-200">
        {memberships.map((m) => (
          <li key={m._id} className="py-2.5">
            <p className="font-semibold text-slate-900">
              {m.plan.name} <span className="ml-1 font-mono text-sm font-normal text-slate-700">{m.number}</span>
            </p>
            <p className="text-sm text-slate-700">
              {STATUS_WORDS[m.status]} · {planPriceText(m.plan)} · until {dateWithYear(m.validUntil)}
              {m.washesLeft !== null && ` · ${m.washesLeft} ${m.washesLeft === 1 ? "wash" : "washes"} left`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
