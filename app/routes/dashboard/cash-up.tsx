import { Form, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cash-up";
import { buttonClass } from "~/components/ui/button";
import { isoDay } from "~/features/bookings/bookings.schema";
import { friendlyDate } from "~/features/bookings/visit-text";
import { CashUpForm } from "~/features/till/cash-up-form";
import { CashUpCounts, TakingsFigures, TakingsPayments } from "~/features/till/takings-view";
import { requirePage } from "~/features/users/page-access.server";
import { businessToday } from "~/lib/business-date";
import { pageSearch } from "~/lib/page-search";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/cash-up");
  const { services, site } = args.context;
  const today = businessToday(site.timeZone);
  const { date = today } = pageSearch(args.request, z.object({ date: isoDay }));
  const takings = await services.till.takings.takings(actor, date);
  return { date, today, takings, timeZone: site.timeZone, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Cash-up | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** The day's takings and the drawer's count (issue 46), for the manager at closing; printable. */
export default function CashUpPage({ loaderData }: Route.ComponentProps) {
  const { date, today, takings, timeZone } = loaderData;
  const revalidator = useRevalidator();
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Cash-up</h1>
      <p className="mt-1 text-lg text-slate-800">
        {date === today ? "Today, " : ""}
        {friendlyDate(date)}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm font-semibold text-slate-800">
            Day
            <input
              key={date}
              name="date"
              type="date"
              defaultValue={date}
              max={today}
              className="mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2"
            />
          </label>
          <button type="submit" className={buttonClass()}>
            Show
          </button>
        </Form>
        <button type="button" onClick={() => window.print()} className={buttonClass({ variant: "secondary" })}>
          Print
        </button>
      </div>
      <TakingsFigures takings={takings} />
      <p className="mt-2 text-sm text-slate-700">
        Net is the payments less the refunds, tips apart. Expected cash is the cash taken and its tips, less the cash
        given back: what the drawer should hold beyond its float.
      </p>
      <section aria-labelledby="count-heading" className="mt-8 print:hidden">
        <h2 id="count-heading" className="text-xl font-bold text-slate-900">
          Count the drawer
        </h2>
        <CashUpForm key={date} date={date} onCounted={() => void revalidator.revalidate()} />
      </section>
      <section aria-labelledby="counts-heading" className="mt-8">
        <h2 id="counts-heading" className="text-xl font-bold text-slate-900">
          The day's counts
        </h2>
        <CashUpCounts counts={takings.cashUps} timeZone={timeZone} />
      </section>
      <section aria-labelledby="payments-heading" className="mt-8">
        <h2 id="payments-heading" className="text-xl font-bold text-slate-900">
          Payments
        </h2>
        <TakingsPayments takings={takings} timeZone={timeZone} />
      </section>
    </>
  );
}
