import { Trans, useLingui } from "@lingui/react/macro";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import type { MembershipPlan } from "./club.schema";
import { planPriceText } from "./plan-price-text";

/** What a plan covers, in words: "Hand Wash, Wax · one visit a day" or "Hand Wash · 10 washes, good for a year". */
export function planCoverText(plan: Pick<MembershipPlan, "kind" | "covers" | "perDay" | "washes">): string {
  const covers = plan.covers.join(", ");
  if (plan.kind === "pack") return `${covers} · ${plan.washes} washes, good for a year`;
  const perDay = plan.perDay ?? 1;
  return `${covers} · ${perDay === 1 ? "one visit" : `${perDay} visits`} a day`;
}

/**
 * The Wash Club's plans on sale, on the public price list (issue 47): each with its price, what it
 * covers and where to join. Memberships are sold at the counter only, so there is no button to buy.
 */
export function ClubPlanCards({ plans }: { plans: readonly MembershipPlan[] }) {
  const { t } = useLingui();
  // The English texts are the staff's (planPriceText, planCoverText); the customer's are in their language.
  const perText = (plan: MembershipPlan) =>
    plan.kind === "pack" ? t`for ${plan.washes} washes` : plan.period === "year" ? t`a year` : t`a month`;
  const coverText = (plan: MembershipPlan) => {
    const covers = plan.covers.map((type) => t(catalogueName(type))).join(", ");
    const perDay = plan.perDay ?? 1;
    if (plan.kind === "pack") return t`${covers} · ${plan.washes} washes, good for a year`;
    return perDay === 1 ? t`${covers} · one visit a day` : t`${covers} · ${perDay} visits a day`;
  };
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => {
        const [price] = planPriceText(plan).split(" ");
        const per = perText(plan);
        return (
          <li key={plan._id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="font-bold text-slate-900">{plan.name}</h3>
            <p className="mt-1 text-slate-600">
              <span className="text-lg font-bold text-slate-900">{price}</span> {per}
            </p>
            <p className="mt-2 flex-1 text-sm text-slate-700">
              <span className="font-semibold">
                <Trans>Covers:</Trans>
              </span>{" "}
              {coverText(plan)}
            </p>
            <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-center text-sm font-semibold text-brand-900">
              <Trans>Join at the counter</Trans>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
