import { useId, useState } from "react";
import { EmailAddress } from "~/components/ui/email-address";
import type { FoundCustomer } from "../bookings.schema";
import { useJson } from "../use-availability";
import { dateWithYear } from "../visit-text";
import { displayPhone } from "~/lib/phone";

/**
 * Finding the caller among past customers by name, phone or e-mail, as staff type; choosing one
 * hands their details to the form. Nothing found, or nobody chosen, leaves the form to type in.
 */
export function CustomerSearch({ onChoose }: { onChoose: (customer: FoundCustomer) => void }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const q = query.trim();
  const found = useJson<FoundCustomer[]>(q.length >= 2 ? `/api/customers?limit=8&q=${encodeURIComponent(q)}` : null);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        Find a customer
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        Name, phone or e-mail of someone who has booked before. A new customer: type their details below.
      </p>
      <input
        id={id}
        type="search"
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="mt-2 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base"
      />
      {q.length >= 2 && found && (
        <div aria-live="polite">
          {found.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Nobody found: a new customer.</p>
          ) : (
            <ul aria-label="Customers found" className="mt-2 grid gap-2 sm:grid-cols-2">
              {found.map((customer) => (
                <li key={customer.bookingId}>
                  <button
                    type="button"
                    onClick={() => {
                      onChoose(customer);
                      setQuery("");
                    }}
                    className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-600"
                  >
                    <span className="block font-semibold text-slate-900">{customer.fullName}</span>
                    <span className="block text-sm text-slate-700">
                      {displayPhone(customer.phone)}
                      {customer.email && (
                        <>
                          {" · "}
                          <EmailAddress email={customer.email} />
                        </>
                      )}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {customer.vehicleType}
                      {customer.vehicleYear ? ` ${customer.vehicleYear}` : ""} · {customer.lastServiceType},{" "}
                      {dateWithYear(customer.lastDate)} ·{" "}
                      {customer.bookings === 1 ? "1 booking" : `${customer.bookings} bookings`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
