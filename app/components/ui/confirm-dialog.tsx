import { useId } from "react";
import { DialogActions } from "./dialog-actions";
import { useModalDialog } from "./use-modal-dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** The way out, when "Cancel" would be ambiguous (cancelling a booking: "Keep booking"). */
  closeLabel?: string;
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
  closeLabel,
  busyLabel,
  busy,
  danger,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const ref = useModalDialog(open);
  // Ids of its own: a page may hold several (a booking's dialog opens one over another's).
  const id = useId();

  return (
    <dialog
      ref={ref}
      onClose={(event) => {
        // Its own close only: React hands a dialog's close on to the dialogs its tree sits in (a
        // booking's dialog holds this one), which would close with it.
        event.stopPropagation();
        onClose();
      }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <p id={`${id}-description`} className="mt-2 text-slate-700">
        {description}
      </p>
      <DialogActions
        actionLabel={confirmLabel}
        closeLabel={closeLabel}
        busyLabel={busyLabel}
        busy={busy}
        danger={danger}
        onClose={onClose}
        onAction={onConfirm}
      />
    </dialog>
  );
}
