import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextAreaField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useApiAction } from "~/components/ui/use-api-action";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { NOTE_MAX, noteInputSchema, type CustomerNote } from "./customers.schema";

/** The admins' notes about a customer: the newest first, a form to add one, each deletable. */
export function CustomerNotes({
  customerId,
  notes,
  timeZone,
}: {
  customerId: string;
  notes: CustomerNote[];
  /** The business's: the server and the browser write the same day. */
  timeZone: string;
}) {
  const when = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<{ body: string }>({ resolver: zodResolver(noteInputSchema), defaultValues: { body: "" } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Note not saved",
    submit: async (values) => {
      await apiFetch(`/api/customers/${customerId}/notes`, { method: "POST", json: values });
      form.reset({ body: "" });
      void toast({ title: "Note saved", description: "Staff see it on this page.", tone: "success" });
      await revalidator.revalidate();
    },
  });
  const remove = useApiAction({ failureToast: "Note not deleted" });

  return (
    <section aria-labelledby="notes-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="notes-heading" className="text-lg font-bold text-slate-900">
        Notes
      </h2>
      {notes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No notes yet. Only staff see them.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {notes.map((note) => (
            <li key={note._id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-words whitespace-pre-line text-slate-900">{note.body}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {note.authorName}, {when.format(new Date(note.createdAt))}
                </p>
              </div>
              <button
                type="button"
                disabled={remove.busy}
                onClick={() =>
                  remove.run(async () => {
                    await apiFetch(`/api/customers/${customerId}/notes/${note._id}`, { method: "DELETE" });
                    return { title: "Note deleted", description: "It is gone from this page." };
                  })
                }
                aria-label={`Delete the note “${note.body.slice(0, 40)}”`}
                className={buttonClass({ variant: "outline", size: "sm" })}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <ClientForm onSubmit={onSubmit} aria-label="Add a note" className="mt-4">
        <TextAreaField
          label="Add a note"
          rows={3}
          maxLength={NOTE_MAX}
          hint="Preferences, the gate code, anything the next person at the counter should know."
          error={errors.body?.message}
          {...form.register("body")}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Saving…" className={`mt-3 ${buttonClass()}`}>
          Save note
        </SubmitButton>
      </ClientForm>
    </section>
  );
}
