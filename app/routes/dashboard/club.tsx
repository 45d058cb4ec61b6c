import type { Route } from "./+types/club";
import { PlanAddForm } from "~/features/club/plan-add-form";
import { PlanList } from "~/features/club/plan-list";
import { requirePage } from "~/features/users/page-access.server";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/club");
  const { services, site } = args.context;
  return { plans: await services.club.plans.all(actor), siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Wash Club | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** The Wash Club's plans (issue 47), for managers: what the desk sells and the price list shows. */
export default function ClubPlansPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Wash Club</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        The plans the desk sells at the counter and the price list shows. A retired plan is sold no more; its members
        keep their cards until they end.
      </p>
      <section aria-labelledby="plans-heading" className="mt-6">
        <h2 id="plans-heading" className="text-xl font-bold text-slate-900">
          Plans
        </h2>
        <PlanList plans={loaderData.plans} />
      </section>
      <section
        aria-labelledby="add-plan-heading"
        className="mt-8 max-w-2xl rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="add-plan-heading" className="text-xl font-bold text-slate-900">
          Add a plan
        </h2>
        <div className="mt-3">
          <PlanAddForm />
        </div>
      </section>
    </>
  );
}
