import { useEffect, useState } from "react";
import { apiFetch } from "~/lib/api-client";
import { DeliveryState } from "./delivery-state";
import type { OutboxEmail } from "./outbox.schema";
import { RetryButton } from "./retry-button";

/**
 * A booking's messages, newest first, with where each one is (queued, sent, failed and why, a
 * reminder's time): the admin can tell a customer who says "I got nothing" what was sent when.
 */
export function BookingMessages({ bookingId }: { bookingId: string }) {
  const [messages, setMessages] = useState<OutboxEmail[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    apiFetch<OutboxEmail[]>(`/api/outbox?bookingId=${encodeURIComponent(bookingId)}&limit=50`, {
      signal: abort.signal,
    })
      .then(setMessages)
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [bookingId]);

  return (
    <section aria-labelledby={`messages-${bookingId}`} className="mt-5 border-t border-slate-200 pt-4">
      <h3 id={`messages-${bookingId}`} className="font-bold text-slate-900">
        Messages
      </h3>
      {failed ? (
        <p className="mt-2 text-sm text-red-800">The messages could not be loaded.</p>
      ) : messages === null ? (
        <p className="mt-2 text-sm text-slate-600">Loading messages…</p>
      ) : messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No messages for this booking.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {messages.map((mail) => (
            <li key={mail._id} className="text-sm">
              <p className="font-semibold text-slate-900">{mail.subject}</p>
              <p className="text-slate-600">To {mail.to}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <DeliveryState mail={mail} />
                {mail.state === "failed" && <RetryButton id={mail._id} subject={mail.subject} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
