import { useEffect, useState } from "react";
import { DeskSection } from "~/components/desk-section";
import { apiFetch } from "~/lib/api-client";
import type { MembershipPlan } from "./club.schema";
import { ClubSaleForm } from "./club-sale-form";
import { MemberSearch } from "./member-search";

/** The Wash Club at the counter (issue 47): sell a membership, or find a member to renew or cancel. */
export function ClubDesk() {
  return (
    <DeskSection
      id="club-desk-heading"
      title="Wash Club"
      tasks={[
        { key: "sell", label: "Sell a Wash Club membership" },
        { key: "find", label: "Find a member" },
      ]}
    >
      {(open) =>
        open === "sell" ? (
          <div className="mt-4 max-w-xl">
            <ClubSale />
          </div>
        ) : open === "find" ? (
          <div className="mt-4 max-w-2xl">
            <MemberSearch />
          </div>
        ) : null
      }
    </DeskSection>
  );
}

/** The sale's form once the plans are read (read when the sale is first opened). */
function ClubSale() {
  const [plans, setPlans] = useState<MembershipPlan[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<MembershipPlan[]>("/api/membership-plans", { signal: controller.signal }).then(setPlans, () => {
      if (!controller.signal.aborted) setPlans([]);
    });
    return () => controller.abort();
  }, []);
  return plans ? <ClubSaleForm plans={plans} /> : <p className="text-slate-700">Loading the plans…</p>;
}
