import { Download } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/service-due";
import { buttonClass } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { FollowUpSettingsForm } from "~/features/follow-ups/follow-up-settings-form";
import { ServiceDueTable } from "~/features/follow-ups/service-due-table";
import {
  DUE_WITHIN_CHOICES,
  DUE_WITHIN_DEFAULT,
  dueWithinSchema,
  OVERDUE_DAYS_MAX,
} from "~/features/follow-ups/service-records.schema";
import { requirePage } from "~/features/users/page-access.server";
import { businessToday } from "~/lib/business-date";
import { pageSearch } from "~/lib/page-search";
import { pageFromUrl } from "~/lib/pagination";

const PAGE_SIZE = 50;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/service-due");
  const { services, site } = args.context;
  const url = new URL(args.request.url);
  const { within = DUE_WITHIN_DEFAULT } = pageSearch(url, z.object({ within: dueWithinSchema }));
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const today = businessToday(site.timeZone);
  const [list, settings] = await Promise.all([
    services.serviceRecords.dueList(actor, { within, today, limit, offset }),
    services.followUpSettings.getSettings(actor),
  ]);
  return { ...list, within, page, settings, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Service Due | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const vehicles = (n: number) => (n === 1 ? "1 vehicle" : `${n.toLocaleString("en-US")} vehicles`);

/** Whose oil change is due soon or overdue, to call or e-mail; and the oil types and reminders behind it. */
export default function ServiceDuePage({ loaderData }: Route.ComponentProps) {
  const { items, total, within, page, settings } = loaderData;
  const reach = `within ${within} days`;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Service Due</h1>
          <p className="mt-1 max-w-2xl text-slate-700">
            Vehicles whose next oil change is due {reach}, or overdue, soonest first: each vehicle's latest oil change.
          </p>
        </div>
        {total > 0 && (
          <a
            href={`/api/service-due.csv?within=${within}`}
            download
            className={`inline-flex items-center gap-2 ${buttonClass({ variant: "outline" })}`}
          >
            <Download aria-hidden className="size-4" />
            Download CSV
          </a>
        )}
      </div>
      <nav aria-label="Due within" className="mt-5 flex flex-wrap items-center gap-2">
        <span className="basis-full text-sm font-semibold text-slate-800 sm:basis-auto">Due within</span>
        {DUE_WITHIN_CHOICES.map((days) => (
          <Link
            key={days}
            to={`?within=${days}`}
            aria-current={days === within ? "page" : undefined}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-[current=page]:border-brand-800 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
          >
            {days} days
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          No oil changes due {reach}, and none overdue. Vehicles show here once their oil change is recorded on a visit.
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            {vehicles(total)}. A vehicle more than {OVERDUE_DAYS_MAX} days overdue is left out.
          </p>
          <ServiceDueTable vehicles={items} caption={`Oil changes due ${reach} or overdue`} />
        </>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Service due pages" />
      <div className="mt-10 max-w-4xl">
        <FollowUpSettingsForm key={JSON.stringify(settings)} settings={settings} />
      </div>
    </>
  );
}
