import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/activity";
import { buttonClass } from "~/components/ui/button";
import { ActivityList } from "~/features/audit/activity-list";
import { ACTIVITY_PAGE_SIZE, activityQuerySchema, AUDIT_KINDS, type AuditEvent } from "~/features/audit/audit.schema";
import { bookingReference } from "~/features/bookings/visit-text";
import { RetentionForm } from "~/features/audit/retention-form";
import { requirePage } from "~/features/users/page-access.server";
import { actorCan } from "~/lib/access";
import { isAppError } from "~/lib/app-error";
import { pageSearch } from "~/lib/page-search";
import { DateRangeFields } from "~/components/ui/date-range-fields";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/activity");
  const { services, site } = args.context;
  // The API's own rules for the filters: a value it would refuse reads as no filter here.
  const {
    actor: person,
    kind,
    from,
    to,
    cursor,
  } = pageSearch(
    args.request,
    activityQuerySchema.pick({ actor: true, kind: true, from: true, to: true, cursor: true }),
  );
  const filters = { actor: person, kind, from, to };
  const [page, people, settings] = await Promise.all([
    services.audit
      .activity(actor, { ...filters, cursor, limit: ACTIVITY_PAGE_SIZE })
      // A cursor made up by hand: the newest page instead.
      .catch((error: unknown) => {
        if (!(isAppError(error, "validation_failed") && error.fields?.cursor)) throw error;
        return services.audit.activity(actor, { ...filters, limit: ACTIVITY_PAGE_SIZE });
      }),
    services.audit.people(actor),
    services.audit.getSettings(actor),
  ]);
  const mayKeep = actorCan(actor, "security");
  return { ...page, people, settings, mayKeep, filters, older: Boolean(cursor), siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Activity | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/**
 * A booking's change names it by the reference its customer reads out, and the customer as the
 * booking names them ("Booking #0756B132 (Nina Park)"); other summaries name their thing.
 */
const subjectLabel = (event: AuditEvent) =>
  event.subjectType === "booking" && event.subjectId
    ? `Booking #${bookingReference(event.subjectId)}${event.subjectName ? ` (${event.subjectName})` : ""}`
    : null;

const inputClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2";

/** Every change made on the site, who made it and when, newest first; filtered by person, kind and days. */
export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { items, nextCursor, people, settings, mayKeep, filters, older } = loaderData;
  const location = useLocation();
  const withCursor = (cursor: string | null) => {
    const params = new URLSearchParams(location.search);
    if (cursor) params.set("cursor", cursor);
    else params.delete("cursor");
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const filtered = Object.values(filters).some(Boolean);
  const pageLink =
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Activity</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        Every change made by staff, and customers' own changes to their bookings, with who made it and when, newest
        first. Kept {settings.retentionDays} days.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Filter changes"
        className="mt-6 grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[2fr_2fr_1fr_1fr_auto] xl:max-w-5xl"
      >
        <label className="text-sm font-semibold text-slate-800">
          Person
          <select name="actor" defaultValue={filters.actor ?? ""} className={inputClass}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-800">
          Kind of change
          <select name="kind" defaultValue={filters.kind ?? ""} className={inputClass}>
            <option value="">All kinds</option>
            {Object.entries(AUDIT_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFields from={filters.from} to={filters.to} inputClass={inputClass} />
        <button type="submit" className={buttonClass()}>
          Filter
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">
          {filtered ? "No changes match these filters." : "No changes recorded yet."}
        </p>
      ) : (
        <ActivityList events={items} subjectLabel={subjectLabel} />
      )}
      {(older || nextCursor) && (
        <nav aria-label="Activity pages" className="mt-6 flex items-center justify-between gap-4">
          {older ? (
            <Link to={withCursor(null)} className={pageLink}>
              Newest
            </Link>
          ) : (
            <span />
          )}
          {nextCursor && (
            <Link to={withCursor(nextCursor)} className={pageLink}>
              Older changes
            </Link>
          )}
        </nav>
      )}
      {mayKeep && (
        <div className="mt-10 max-w-xl">
          <RetentionForm key={settings.retentionDays} settings={settings} />
        </div>
      )}
    </>
  );
}
