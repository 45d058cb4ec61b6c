/** A dialog's footer: the way out (Cancel, Close) and its one action, both held while it runs. */
export function DialogActions({
  closeLabel = "Cancel",
  actionLabel,
  busyLabel = "Working…",
  busy = false,
  disabled = false,
  danger = false,
  onClose,
  onAction,
}: {
  closeLabel?: string;
  actionLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The action cannot run yet (nothing chosen, nothing changed). */
  disabled?: boolean;
  danger?: boolean;
  onClose(): void;
  onAction(): void;
}) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <button
        type="button"
        onClick={onClose}
        disabled={busy}
        className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
      >
        {closeLabel}
      </button>
      <button
        type="button"
        onClick={onAction}
        disabled={busy || disabled}
        className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${danger ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800"}`}
      >
        {busy ? busyLabel : actionLabel}
      </button>
    </div>
  );
}
