import { Link } from "react-router";
import { kindLabel, subjectHref, whoText, type AuditEvent } from "./audit.schema";
import { useRecordTime } from "./use-record-time";

/**
 * Dashboard → Activity's rows, newest first: when, what (linked to where its subject is seen),
 * the kind, and who. A list rather than a table, so a long summary wraps on a phone.
 */
export function ActivityList({ events }: { events: AuditEvent[] }) {
  const when = useRecordTime();
  return (
    <ol
      aria-label="Changes, newest first"
      className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {events.map((event) => {
        const href = subjectHref(event);
        return (
          <li key={event._id} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
            <time dateTime={event.at} className="font-semibold text-slate-700">
              {when.format(new Date(event.at))}
            </time>
            <div className="min-w-0">
              <p className="break-words text-slate-900">
                {href ? (
                  <Link to={href} className="font-semibold text-brand-700 underline underline-offset-2">
                    {event.summary}
                  </Link>
                ) : (
                  <span className="font-semibold">{event.summary}</span>
                )}
              </p>
              <p className="text-slate-600">
                {kindLabel(event.kind)} · {whoText(event.actor)}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
