import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { FormFailure } from "~/components/ui/form-failure";
import { PasswordField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { ApiError, apiErrorMessage, apiFetch, signOut } from "~/lib/api-client";
import { deleteAccountSchema, WHAT_IS_KEPT, type DeleteAccountInput } from "./customer-data.schema";

/**
 * Deleting the account, on the native <dialog> (focus kept inside, Escape closes): what happens is
 * said before the password is asked for, and a refusal is said inside the dialog, where it is seen.
 * Afterwards the browser's session cookie goes too, and the member lands on the home page, told.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-description"
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {/* A fresh form each time it opens: no password is left behind in it. */}
      {open && <DeleteAccountForm onClose={onClose} />}
    </dialog>
  );
}

function DeleteAccountForm({ onClose }: { onClose(): void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch("/api/me", { method: "DELETE", json: values });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.password)
        form.setError("password", { message: error.fields.password });
      else setFailure(apiErrorMessage(error));
      return;
    }
    // The session is gone on the server; this clears the browser's cookie of it.
    await signOut();
    void toast({
      title: "Your account is deleted",
      description: "Your visits stay in our books without your details. Thank you for coming to us.",
      tone: "success",
      duration: 8000,
    });
    await navigate("/", { replace: true });
  });

  return (
    <ClientForm onSubmit={onSubmit} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="text-lg font-bold text-slate-900">
        Delete your account?
      </h2>
      <div id="delete-account-description" className="mt-2 space-y-2 text-slate-700">
        <p className="font-semibold text-slate-900">This can't be undone.</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Your upcoming bookings are cancelled, and we e-mail you to confirm.</li>
          <li>{WHAT_IS_KEPT}</li>
          <li>Your vehicles, reviews, waitlist places and e-mail choices are deleted, and you are signed out.</li>
        </ul>
        <p>
          Want a copy?{" "}
          <a href="/api/me/export" download className="font-semibold text-brand-800 underline">
            Download your data
          </a>{" "}
          first.
        </p>
      </div>
      <div className="mt-5">
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
      </div>
      <FormFailure message={failure} className="mt-3" />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          disabled={isSubmitting}
          className={buttonClass({ variant: "secondary" })}
        >
          Keep my account
        </button>
        <SubmitButton busy={isSubmitting} busyLabel="Deleting…" className={buttonClass({ variant: "danger" })}>
          Delete my account
        </SubmitButton>
      </div>
    </ClientForm>
  );
}
