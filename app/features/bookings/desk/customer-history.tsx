import { useState } from "react";
import { Link } from "react-router";
import { customerPath } from "~/features/customers/customers.schema";
import { EmailAddress } from "~/components/ui/email-address";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { displayStatus, fromApiBooking, type ApiBooking, type Booking } from "../bookings.schema";
import { STAGE_LABELS } from "../visit-stages";
import { dateWithYear, serviceText, visitWindow } from "../visit-text";
import { formatPrice } from "~/lib/money";
import { bookingVehicleName, isPriced } from "../visit-summary";
import { CustomerDataActions } from "./customer-data-actions";
import { useCan } from "~/lib/use-can";

interface History {
  customer: { fullName: string; email: string; phone: string };
  /** The customer's details were removed (decision 036): the booking is listed alone. */
  removed: boolean;
  /** A member's account has the address. */
  account: boolean;
  counts: { bookings: number; visits: number; cancellations: number; noShows: number; upcoming: number };
  bookings: Booking[];
  more: boolean;
  /** Their page in Customers; null when nobody is behind the booking. */
  customerId: string | null;
}

/**
 * The customer behind a booking, loaded when asked for: their bookings by e-mail or phone, with
 * visits, cancellations and no-shows counted, and what they asked for each time.
 */
export function CustomerHistory({
  booking,
  isOpenBooking = true,
}: {
  booking: Pick<Booking, "_id">;
  /** Whether `booking` is the one on screen, marked "(this booking)"; the counter's form has none yet. */
  isOpenBooking?: boolean;
}) {
  const [history, setHistory] = useState<History | null>(null);
  // A customer's data leaves the shop or is erased only by the owner.
  const mayHandData = useCan("customerData");
  const [state, setState] = useState<"closed" | "loading" | "failed" | "open">("closed");
  const [error, setError] = useState("");

  async function load() {
    setState((current) => (current === "open" ? current : "loading"));
    try {
      const sent = await apiFetch<Omit<History, "bookings"> & { bookings: ApiBooking[] }>(
        `/api/bookings/${booking._id}/customer`,
      );
      setHistory({ ...sent, bookings: sent.bookings.map(fromApiBooking) });
      setState("open");
    } catch (thrown) {
      setError(apiErrorMessage(thrown, "The history could not be loaded."));
      setState("failed");
    }
  }

  const headingId = `history-${booking._id}`;
  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-slate-200 pt-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="font-bold text-slate-900">
          Customer history
        </h3>
        {state !== "open" && (
          <button
            type="button"
            onClick={load}
            disabled={state === "loading"}
            className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          >
            {state === "loading" ? "Loading…" : "Show history"}
          </button>
        )}
      </div>
      {state === "failed" && <p className="mt-2 text-sm text-red-800">{error}</p>}
      {history && state === "open" && (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
            {(
              [
                ["Visits", history.counts.visits],
                ["Upcoming", history.counts.upcoming],
                ["Cancellations", history.counts.cancellations],
                ["No-shows", history.counts.noShows],
              ] as const
            ).map(([label, value]) => (
              <div
                key={label}
                className={`rounded-md p-2 ${label === "No-shows" && value > 0 ? "bg-red-50 text-red-900" : "bg-slate-50"}`}
              >
                <dt className="text-xs font-semibold">{label}</dt>
                <dd className="text-lg font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-3 max-h-64 divide-y divide-slate-200 overflow-y-auto text-sm">
            {history.bookings.map((b) => (
              <li key={b._id} className="py-2">
                <p className="font-semibold text-slate-900">
                  {dateWithYear(b.preferredDate)} · {visitWindow(b)}
                  {isOpenBooking && b._id === booking._id && (
                    <span className="ml-1 text-brand-800">(this booking)</span>
                  )}
                </p>
                <p className="text-slate-700">
                  {serviceText(b)} · {bookingVehicleName(b)}
                  {isPriced(b) && ` · ${formatPrice(b.total)}`} · {displayStatus(b.status)}
                  {b.visitStage && `, ${STAGE_LABELS[b.visitStage]}`}
                </p>
                {b.email !== history.customer.email && (
                  <p className="text-slate-600">
                    As <EmailAddress email={b.email} />
                  </p>
                )}
                {b.specialInstructions && <p className="break-words text-slate-600">“{b.specialInstructions}”</p>}
              </li>
            ))}
          </ul>
          {history.more && (
            <p className="mt-1 text-xs text-slate-600">
              The latest {history.bookings.length} of {history.counts.bookings} bookings.
            </p>
          )}
          {history.customerId && (
            <p className="mt-2 text-sm">
              <Link
                to={customerPath(history.customerId)}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                Open the customer's page
              </Link>
            </p>
          )}
          {history.removed ? (
            <p className="mt-3 text-sm text-slate-600">
              This customer's details were removed at their request: the visit stays in the books without them.
            </p>
          ) : (
            mayHandData && <CustomerDataActions customer={history.customer} account={history.account} onErased={load} />
          )}
        </>
      )}
    </section>
  );
}
