import { useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";

/** Queues a failed e-mail again (POST /api/outbox/{id}/retry); the list then shows it queued. */
export function RetryButton({ id, subject }: { id: string; subject: string }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      await apiFetch(`/api/outbox/${id}/retry`, { method: "POST", json: {} });
      void toast({ title: "Queued again", description: `"${subject}" will be sent again now.`, tone: "success" });
      await revalidator.revalidate();
    } catch (error) {
      void toast({
        title: "Retry failed",
        description: error instanceof Error ? error.message : "Please try again.",
        tone: "error",
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={retry}
      disabled={busy}
      aria-label={`Send again: ${subject}`}
      className="rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
    >
      {busy ? "Queuing…" : "Send again"}
    </button>
  );
}
