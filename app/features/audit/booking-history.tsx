import { useEffect, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import { whoText, type HistoryEntry } from "./audit.schema";
import { useRecordTime } from "./use-record-time";

const MESSAGE_STATES: Record<string, string> = {
  queued: "queued",
  sent: "sent",
  failed: "failed",
  kept: "kept here (no SMTP)",
};

/** "sent Nov 26, 2026, 3:05 PM", "scheduled for …" (a reminder), "failed". */
function messageState(message: NonNullable<HistoryEntry["message"]>, when: Intl.DateTimeFormat): string {
  if (message.state === "sent" && message.sentAt) return `sent ${when.format(new Date(message.sentAt))}`;
  // Read in the browser only (the history is fetched there), so "now" is never the server's.
  if (message.state === "queued" && Date.parse(message.sendAfter) > Date.now())
    return `scheduled for ${when.format(new Date(message.sendAfter))}`;
  return MESSAGE_STATES[message.state] ?? message.state;
}

/** What of a booking, when changed, may have added to its history: it is read again then. */
interface Shown {
  _id: string;
  status: string;
  preferredDate: string;
  preferredTimeSlot: string;
  visitStage: string | null;
}

/**
 * A booking's history in its details (issue 31): every change, by staff, the customer or the
 * server, and every message sent about it, oldest first, each with when and who. Read when the
 * details open, and again after a change made from them.
 */
export function BookingHistory({ booking }: { booking: Shown }) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const when = useRecordTime();
  const { _id: id, status, preferredDate, preferredTimeSlot, visitStage } = booking;
  useEffect(() => {
    const abort = new AbortController();
    apiFetch<HistoryEntry[]>(`/api/bookings/${encodeURIComponent(id)}/history`, { signal: abort.signal })
      .then((read) => {
        setFailed(false);
        setEntries(read);
      })
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [id, status, preferredDate, preferredTimeSlot, visitStage]);

  return (
    <section aria-labelledby={`booking-history-${id}`} className="mt-5 border-t border-slate-200 pt-4">
      <h3 id={`booking-history-${id}`} className="font-bold text-slate-900">
        Booking history
      </h3>
      {failed ? (
        <p className="mt-2 text-sm text-red-800">The history could not be loaded.</p>
      ) : entries === null ? (
        <p className="mt-2 text-sm text-slate-600">Loading the history…</p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No changes since it was booked.</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
          {entries.map((entry) => (
            <li key={`${entry.type}-${entry._id}`} className="text-sm">
              <p className="text-slate-900">
                <time dateTime={entry.at} className="font-semibold">
                  {when.format(new Date(entry.at))}
                </time>{" "}
                <span className="break-words">{entry.what}</span>
                {entry.message && <span className="text-slate-600"> · {messageState(entry.message, when)}</span>}
              </p>
              <p className="text-slate-600">{whoText(entry.who)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
