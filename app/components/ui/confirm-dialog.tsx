import { useModalDialog } from "./use-modal-dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, closes it on Escape
 * and returns focus to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  danger,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const ref = useModalDialog(open);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-description"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      <h2 id="confirm-title" className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <p id="confirm-description" className="mt-2 text-slate-700">
        {description}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70 ${danger ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800"}`}
        >
          {busy ? (busyLabel ?? "Working…") : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
