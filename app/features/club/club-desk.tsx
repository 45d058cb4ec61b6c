import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { apiFetch } from "~/lib/api-client";
import type { MembershipPlan } from "./club.schema";
import { ClubSaleForm } from "./club-sale-form";
import { MemberSearch } from "./member-search";

/** The Wash Club at the counter (issue 47): sell a membership, or find a member to renew or cancel. */
export function ClubDesk() {
  const [open, setOpen] = useState<"sell" | "find" | null>(null);
  const [plans, setPlans] = useState<MembershipPlan[] | null>(null);
  useEffect(() => {
    if (open !== "sell" || plans) return;
    const controller = new AbortController();
    apiFetch<MembershipPlan[]>("/api/membership-plans", { signal: controller.signal }).then(setPlans, () => {
      if (!controller.signal.aborted) setPlans([]);
    });
    return () => controller.abort();
  }, [open, plans]);
  const toggle = (which: "sell" | "find") => setOpen(open === which ? null : which);
  return (
    <section aria-labelledby="club-desk-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="club-desk-heading" className="text-xl font-bold text-slate-900">
          Wash Club
        </h2>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-expanded={open === "sell"}
            onClick={() => toggle("sell")}
            className={buttonClass({ variant: open === "sell" ? "primary" : "outline", size: "sm" })}
          >
            Sell a Wash Club membership
          </button>
          <button
            type="button"
            aria-expanded={open === "find"}
            onClick={() => toggle("find")}
            className={buttonClass({ variant: open === "find" ? "primary" : "outline", size: "sm" })}
          >
            Find a member
          </button>
        </div>
      </div>
      {open === "sell" && (
        <div className="mt-4 max-w-xl">
          {plans ? <ClubSaleForm plans={plans} /> : <p className="text-slate-700">Loading the plans…</p>}
        </div>
      )}
      {open === "find" && (
        <div className="mt-4 max-w-2xl">
          <MemberSearch />
        </div>
      )}
    </section>
  );
}
