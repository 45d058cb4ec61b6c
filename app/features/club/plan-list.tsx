import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormFailure } from "~/components/ui/form-failure";
import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";
import type { MembershipPlan } from "./club.schema";
import { planPriceText } from "./plan-price-text";
import { planCoverText } from "./club-plan-cards";

const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900";

/** The managers' list of plans, retired ones too: change a plan's name or price, or retire it. */
export function PlanList({ plans }: { plans: readonly MembershipPlan[] }) {
  if (plans.length === 0) return <p className="mt-3 text-slate-700">No plans yet: add the first below.</p>;
  return (
    <ul aria-label="Plans" className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {plans.map((plan) => (
        <PlanRow key={plan._id} plan={plan} />
      ))}
    </ul>
  );
}

function PlanRow({ plan }: { plan: MembershipPlan }) {
  const [editing, setEditing] = useState(false);
  const [retiring, setRetiring] = useState(false);
  const [name, setName] = useState(plan.name);
  const [price, setPrice] = useState(String(plan.price));
  const { busy, error, run } = useApiAction({ fallback: "Please try again." });
  const save = () =>
    run(async () => {
      await apiFetch(`/api/membership-plans/${plan._id}`, {
        method: "PATCH",
        json: { name, price: Number(price) },
      });
      setEditing(false);
      return { title: "Plan changed", description: `${name}: ${planPriceText({ ...plan, price: Number(price) })}.` };
    });
  const retire = () =>
    run(async () => {
      setRetiring(false);
      await apiFetch(`/api/membership-plans/${plan._id}/retire`, { method: "POST", json: {} });
      return { title: "Plan retired", description: `${plan.name} is sold no more; its members keep their cards.` };
    });
  return (
    <li aria-label={plan.name} className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-bold text-slate-900">
            {plan.name}{" "}
            {plan.retired && (
              <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-800">Retired</span>
            )}
          </p>
          <p className="text-slate-800">{planPriceText(plan)}</p>
          <p className="text-sm text-slate-700">Covers: {planCoverText(plan)}</p>
        </div>
        {!plan.retired && !editing && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setEditing(true)}
              className={buttonClass({ variant: "outline", size: "sm" })}
            >
              Change<span className="sr-only"> {plan.name}</span>
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setRetiring(true)}
              className={buttonClass({ variant: "outline", size: "sm" })}
            >
              Retire<span className="sr-only"> {plan.name}</span>
            </button>
          </div>
        )}
      </div>
      {editing && (
        <form
          aria-label={`Change ${plan.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          className="mt-3 grid max-w-xl gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
        >
          <label className="text-sm font-semibold text-slate-800">
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} className={input} />
          </label>
          <label className="text-sm font-semibold text-slate-800">
            Price ($)
            <input
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              className={input}
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" disabled={busy} className={buttonClass({ size: "sm" })}>
              Save
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setName(plan.name);
                setPrice(String(plan.price));
              }}
              className={buttonClass({ variant: "outline", size: "sm" })}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <FormFailure message={error} className="mt-2" />
      <ConfirmDialog
        open={retiring}
        title={`Retire ${plan.name}?`}
        description="The desk sells it no more and it leaves the price list. Its members keep their memberships until they end."
        confirmLabel="Retire plan"
        closeLabel="Keep selling it"
        danger
        busy={busy}
        onClose={() => setRetiring(false)}
        onConfirm={() => void retire()}
      />
    </li>
  );
}
