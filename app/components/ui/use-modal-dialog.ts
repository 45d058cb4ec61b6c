import { useEffect, useRef } from "react";

/**
 * Opens a native <dialog> as a modal while `open` is true and closes it otherwise: the browser
 * then traps focus, closes on Escape and returns focus to the opener.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
