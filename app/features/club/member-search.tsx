import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ClientForm } from "~/components/ui/client-form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/form-field";
import { FormFailure } from "~/components/ui/form-failure";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { formatMoney, METHOD_LABELS } from "~/features/till/till.schema";
import type { Membership } from "./club.schema";
import { SALE_METHODS, type SaleMethod } from "./paid-by-choice";
import { MembershipStatusBadge, membershipTerm } from "./membership-status";

/** The desk finds a member by name, e-mail, phone, plate or card number, and renews or cancels. */
export function MemberSearch() {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Membership[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Membership | null>(null);
  const replace = (changed: Membership) =>
    setFound((list) => list?.map((m) => (m._id === changed._id ? changed : m)) ?? null);
  const act = async (run: () => Promise<Membership>, fallback: string) => {
    setFailure(null);
    setBusy(true);
    try {
      replace(await run());
    } catch (error) {
      setFailure(apiErrorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };
  const search = async () => {
    setFailure(null);
    setBusy(true);
    try {
      setFound(await apiFetch<Membership[]>(`/api/memberships?q=${encodeURIComponent(q.trim())}`));
    } catch (error) {
      setFailure(apiErrorMessage(error, "The search failed. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <ClientForm
        role="search"
        aria-label="Find a member"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
        className="flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <TextField
            label="Name, e-mail, phone, plate or card number"
            autoComplete="off"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass({ variant: "outline" })}>
          Find
        </button>
      </ClientForm>
      <FormFailure message={failure} />
      {found && found.length === 0 && <p className="text-slate-700">No member found.</p>}
      {found && found.length > 0 && (
        <ul aria-label="Members found" className="divide-y divide-slate-200">
          {found.map((m) => (
            <MemberRow
              key={m._id}
              membership={m}
              busy={busy}
              onRenew={(method) =>
                act(
                  () =>
                    apiFetch<Membership>(`/api/memberships/${m._id}/renew`, {
                      method: "POST",
                      json: { payment: { method, amount: m.plan.price } },
                    }),
                  "The membership was not renewed.",
                )
              }
              onCancel={() => setCancelling(m)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={`Cancel ${cancelling?.fullName ?? ""}'s membership?`}
        description="It covers no visit booked from now on. Nothing is refunded here: refund at the till if you need to."
        confirmLabel="Cancel membership"
        closeLabel="Keep it"
        danger
        busy={busy}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          const m = cancelling;
          setCancelling(null);
          if (m)
            void act(
              () => apiFetch<Membership>(`/api/memberships/${m._id}/cancel`, { method: "POST", json: {} }),
              "The membership was not cancelled.",
            );
        }}
      />
    </div>
  );
}

function MemberRow({
  membership: m,
  busy,
  onRenew,
  onCancel,
}: {
  membership: Membership;
  busy: boolean;
  onRenew(method: SaleMethod): void;
  onCancel(): void;
}) {
  const [method, setMethod] = useState<SaleMethod>("card");
  const live = m.status !== "cancelled";
  return (
    <li aria-label={`${m.number}, ${m.fullName}`} className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {m.fullName} <span className="font-mono text-sm text-slate-700">{m.number}</span>
        </p>
        <p className="text-sm text-slate-800">{m.plan.name}</p>
        <p className="text-sm text-slate-700">{membershipTerm(m)}</p>
        <MembershipStatusBadge status={m.status} />
      </div>
      {live && (
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm font-semibold text-slate-800">
            Renewal paid by{" "}
            <select
              value={method}
              onChange={(event) => setMethod(event.target.value as SaleMethod)}
              className="ml-1 rounded-md border border-slate-300 px-2 py-1"
            >
              {SALE_METHODS.map((s) => (
                <option key={s} value={s}>
                  {METHOD_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={busy} onClick={() => onRenew(method)} className={buttonClass({ size: "sm" })}>
            Renew<span className="sr-only"> {m.fullName}</span> for {formatMoney(m.plan.price)}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onCancel}
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            Cancel<span className="sr-only"> {m.fullName}</span>
          </button>
        </div>
      )}
    </li>
  );
}
