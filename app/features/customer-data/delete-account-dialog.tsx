import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { deleteAccountSchema, WRONG_PASSWORD, type DeleteAccountInput } from "./customer-data.schema";
import { useLocalePath } from "~/lib/i18n/use-locale";

/** The schema's and the API's words on the password (customer-data.schema.ts) in the page's language. */
const PASSWORD_MESSAGES: Record<string, MessageDescriptor> = {
  "Enter your password": msg`Enter your password`,
  [WRONG_PASSWORD]: msg`That password is not right.`,
};

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
  const { t, i18n } = useLingui();
  const localePath = useLocalePath();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const passwordError = errors.password?.message;
  const passwordMessage = passwordError && PASSWORD_MESSAGES[passwordError];

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch("/api/me", { method: "DELETE", json: values });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.password)
        form.setError("password", { message: error.fields.password });
      else setFailure(apiErrorMessage(error, t`Please try again.`));
      return;
    }
    // The session is gone on the server; this clears the browser's cookie of it.
    await signOut();
    void toast({
      title: t`Your account is deleted`,
      description: t`Your visits stay in our books without your details. Thank you for coming to us.`,
      tone: "success",
      duration: 8000,
    });
    await navigate(localePath("/"), { replace: true });
  });

  return (
    <ClientForm onSubmit={onSubmit} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="text-lg font-bold text-slate-900">
        <Trans>Delete your account?</Trans>
      </h2>
      <div id="delete-account-description" className="mt-2 space-y-2 text-slate-700">
        <p className="font-semibold text-slate-900">
          <Trans>This can't be undone.</Trans>
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <Trans>Your upcoming bookings are cancelled, and we e-mail you to confirm.</Trans>
          </li>
          <li>
            <Trans>
              Your visits stay in our books, as the shop must keep its records, but without your name, phone, e-mail,
              plate or notes.
            </Trans>
          </li>
          <li>
            <Trans>
              Your vehicles, reviews, waitlist places and e-mail choices are deleted, and you are signed out.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Want a copy?{" "}
            <a href="/api/me/export" download className="font-semibold text-brand-800 underline">
              Download your data
            </a>{" "}
            first.
          </Trans>
        </p>
      </div>
      <div className="mt-5">
        <PasswordField
          label={t`Your password`}
          autoComplete="current-password"
          error={passwordMessage ? i18n._(passwordMessage) : passwordError}
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
          <Trans>Keep my account</Trans>
        </button>
        <SubmitButton busy={isSubmitting} busyLabel={t`Deleting…`} className={buttonClass({ variant: "danger" })}>
          <Trans>Delete my account</Trans>
        </SubmitButton>
      </div>
    </ClientForm>
  );
}
