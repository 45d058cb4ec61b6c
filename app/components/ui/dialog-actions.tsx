import { buttonClass } from "./button";
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
      <button type="button" onClick={onClose} disabled={busy} className={buttonClass({ variant: "secondary" })}>
        {closeLabel}
      </button>
      <button
        type="button"
        onClick={onAction}
        disabled={busy || disabled}
        className={buttonClass({ variant: danger ? "danger" : "primary" })}
      >
        {busy ? busyLabel : actionLabel}
      </button>
    </div>
  );
}
