import { Link } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";
import { buttonClass } from "./button";

/** A catalogue row's Edit link and Delete button, each naming the entry to screen readers. */
export function EditDeleteActions({ name, editTo, onDelete }: { name: string; editTo: string; onDelete(): void }) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={editTo} className={buttonClass({ variant: "outline", size: "sm" })}>
        Edit<span className="sr-only"> {name}</span>
      </Link>
      <button
        type="button"
        onClick={onDelete}
        className="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-800 hover:bg-red-50"
      >
        Delete<span className="sr-only"> {name}</span>
      </button>
    </div>
  );
}

/** The confirmation before a catalogue entry is deleted; `name` null while none is asked about. */
export function DeleteEntryDialog({
  name,
  description,
  busy,
  onConfirm,
  onClose,
}: {
  name: string | null;
  description: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <ConfirmDialog
      open={name !== null}
      title={`Delete ${name ?? ""}?`}
      description={description}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
