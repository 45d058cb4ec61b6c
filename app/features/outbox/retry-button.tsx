import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";

/** Queues a failed e-mail again (POST /api/outbox/{id}/retry); the list then shows it queued. */
export function RetryButton({ id, subject }: { id: string; subject: string }) {
  const { busy, run } = useApiAction({ failureToast: "Retry failed" });
  const retry = () =>
    run(async () => {
      await apiFetch(`/api/outbox/${id}/retry`, { method: "POST", json: {} });
      return { title: "Queued again", description: `"${subject}" will be sent again now.` };
    });
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
