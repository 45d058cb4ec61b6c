import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";
import { MEMBER_ADDRESS, type Erasure } from "~/features/customer-data/customer-data.schema";
import { displayPhone } from "~/lib/phone";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

interface Customer {
  email: string;
  phone: string;
}

/** The guest as the API's export and erasure take them: the address, and the phone for their bookings without one. */
function guestQuery({ email, phone }: Customer) {
  const query = new URLSearchParams();
  if (email) query.set("email", email);
  if (phone.replace(/\D/g, "").length >= 7) query.set("phone", phone);
  return query;
}

/**
 * A guest's data, for a customer who asks by phone or e-mail (decision 036): download it to send
 * them, or remove their details after a confirmation that says what is kept. Said in place: the
 * booking's dialog is modal, and a toast would sit behind it.
 */
export function CustomerDataActions({
  customer,
  account,
  onErased,
}: {
  customer: Customer;
  /** A member's account has the address: theirs to download and delete. */
  account: boolean;
  onErased(): void;
}) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const erase = useApiAction();
  const query = guestQuery(customer);
  if (account) return <p className="mt-3 text-sm text-slate-600">{MEMBER_ADDRESS}</p>;
  if (!query.size) return null;

  async function confirm() {
    const ok = await erase.run(async () => {
      const result = await apiFetch<Erasure>("/api/customers/erase", {
        method: "POST",
        json: Object.fromEntries(query),
      });
      const said = `${count(result.bookingsKept, "booking")} kept without their details; ${result.cancelled} upcoming cancelled${result.cancelled ? " (they were e-mailed)" : ""}.`;
      setDone(said);
      return { title: "Customer's details removed", description: said };
    });
    setAsking(false);
    if (ok) onErased();
  }

  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <p className="text-sm font-semibold text-slate-900">Their data, if they ask</p>
      <p className="text-sm break-words text-slate-600">
        {customer.email ? `Their bookings with ${customer.email}` : "Their bookings"}
        {query.has("phone") &&
          `${customer.email ? ", and those without an e-mail" : " without an e-mail"} by ${displayPhone(customer.phone)}`}
        .
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={`/api/customers/export?${query}`} download className={buttonClass({ variant: "outline", size: "sm" })}>
          Download their data
        </a>
        <button
          type="button"
          onClick={() => setAsking(true)}
          className={buttonClass({ variant: "secondary", size: "sm" })}
        >
          Remove their details…
        </button>
      </div>
      {done && (
        <p role="status" className="mt-2 text-sm font-medium text-green-800">
          Removed: {done}
        </p>
      )}
      {erase.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {erase.error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title="Remove this customer's details?"
        description={`Their upcoming bookings are cancelled and they are e-mailed, as when you cancel. Every booking of theirs stays in the books (date, service, prices) without their name, phone, e-mail, plate or notes; their reviews, waitlist places and e-mail choices are deleted. Bookings with this phone and another e-mail are not theirs and stay. This can't be undone.`}
        confirmLabel="Remove details"
        busyLabel="Removing…"
        busy={erase.busy}
        danger
        onConfirm={confirm}
        onClose={() => !erase.busy && setAsking(false)}
      />
    </div>
  );
}
