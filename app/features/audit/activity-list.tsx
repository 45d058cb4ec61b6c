import { Link } from "react-router";
import { kindLabel, subjectHref, whoText, type AuditEvent } from "./audit.schema";
import { useRecordTime } from "./use-record-time";

/**
 * Dashboard → Activity's rows, newest first: when, what (linked to where its subject is seen),
 * the kind, and who. A list rather than a table, so a long summary wraps on a phone.
 */
export function ActivityList({
  events,
  subjectLabel,
}: {
  events: AuditEvent[];
  /** Which thing a change was of, where its summary does not say ("Booking #3FE4EE49"): the route knows the words. */
  subjectLabel?: (event: AuditEvent) => string | null;
}) {
  const when = useRecordTime();
  return (
    <ol
      aria-label="Changes, newest first"
      className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {events.map((event) => {
        const href = subjectHref(event);
        const subject = subjectLabel?.(event);
        return (
          <li key={event._id} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-5">
            <time dateTime={event.at} className="font-semibold whitespace-nowrap text-slate-700">
              {when.format(new Date(event.at))}
            </time>
            <div className="min-w-0">
              <p className="break-words text-slate-900">
                {subject && <span className="mr-2 font-semibold text-slate-700">{subject}</span>}
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
