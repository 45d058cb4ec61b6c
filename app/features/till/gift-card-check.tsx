import { useState } from "react";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { formatMoney } from "./till.schema";

/** What GET /api/gift-cards/{code} answers. */
interface GiftCard {
  lastFour: string;
  initial: number;
  balance: number;
}

type Checked = { card: GiftCard } | { failure: string } | null;

/** Looks a gift card up by its code: what it holds, or why not (no card has that code). */
export function useGiftCardCheck() {
  const [checked, setChecked] = useState<Checked>(null);
  const [busy, setBusy] = useState(false);
  async function check(code: string) {
    if (!code.trim()) return setChecked({ failure: "Enter the gift card's code first." });
    setBusy(true);
    try {
      const card = await apiFetch<GiftCard>(`/api/gift-cards/${encodeURIComponent(code.trim())}`);
      setChecked({ card });
    } catch (error) {
      setChecked({ failure: apiErrorMessage(error, "The card could not be checked. Please try again.") });
    } finally {
      setBusy(false);
    }
  }
  return { checked, busy, check, clear: () => setChecked(null) };
}

/** What a check found, announced as it appears. */
export function GiftCardChecked({ checked }: { checked: Checked }) {
  return (
    <p role="status" className="text-sm">
      {checked && "card" in checked && (
        <span className="font-semibold text-slate-900">
          Gift card ····{checked.card.lastFour} holds {formatMoney(checked.card.balance)} (of{" "}
          {formatMoney(checked.card.initial)}).
        </span>
      )}
      {checked && "failure" in checked && <span className="font-medium text-red-700">{checked.failure}</span>}
    </p>
  );
}

/** "Check balance" beside the payment's code field: what the card holds before it is spent. */
export function GiftCardCheck({ code }: { code: string }) {
  const { checked, busy, check } = useGiftCardCheck();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        disabled={busy}
        onClick={() => void check(code)}
        className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
      >
        {busy ? "Checking…" : "Check balance"}
      </button>
      <GiftCardChecked checked={checked} />
    </div>
  );
}
