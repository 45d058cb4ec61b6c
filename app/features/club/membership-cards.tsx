import { Trans, useLingui } from "@lingui/react/macro";
import { QrCode } from "~/components/qr-code";
import type { Membership } from "./club.schema";
import { MembershipStatusBadge, useMembershipTerm } from "./membership-status";

/**
 * A member's Wash Club cards on their dashboard (issue 47): the plan, the card's number and its QR
 * code (the desk scans or types it), until when it runs, a pack's washes left, and its status.
 * Nothing for an account that holds none: the club is sold at the counter.
 */
export function MembershipCards({ memberships }: { memberships: readonly Membership[] }) {
  const { t } = useLingui();
  const term = useMembershipTerm();
  if (memberships.length === 0) return null;
  return (
    <section aria-labelledby="club-card-heading" className="mt-6">
      <h2 id="club-card-heading" className="text-lg font-bold text-slate-900">
        <Trans>Wash Club card</Trans>
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {memberships.map((m) => (
          <li
            key={m._id}
            aria-label={`${m.plan.name}, ${m.number}`}
            className="flex flex-col items-center gap-2 rounded-xl border border-brand-600/30 bg-white p-5 text-center shadow-sm"
          >
            <p className="text-lg font-bold text-slate-900">{m.plan.name}</p>
            <MembershipStatusBadge status={m.status} />
            <QrCode value={m.number} label={t`QR code of card ${m.number}`} size={160} />
            <p className="font-mono text-xl font-extrabold tracking-wider text-slate-900">{m.number}</p>
            <p className="text-sm text-slate-700">{term(m)}</p>
            <p className="text-xs text-slate-600">
              <Trans>Show this card at the counter.</Trans>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
