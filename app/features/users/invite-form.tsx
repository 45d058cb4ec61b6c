import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { SelectField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { ROLE_LABELS } from "~/lib/roles";
import {
  INVITABLE_ROLES,
  INVITATION_DAYS,
  invitationInputSchema,
  type InvitationInput,
  type InvitationValues,
} from "./invitations.schema";
import { ROLE_MEANS, ROLE_WORDS } from "./role-words";

const ROLE_OPTIONS = INVITABLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/** The Team page's form: an address and a role; the server e-mails the link (POST /api/invitations). */
export function InviteForm({ onSent }: { onSent(): Promise<void> }) {
  const toast = useToast();
  const form = useForm<InvitationInput, unknown, InvitationValues>({
    resolver: zodResolver(invitationInputSchema),
    mode: "onTouched",
    defaultValues: { email: "", role: "staff" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Invitation not sent",
    submit: async (values) => {
      await apiFetch("/api/invitations", { method: "POST", json: values });
      void toast({
        title: "Invitation sent",
        description: `${values.email} can join as ${ROLE_WORDS[values.role]} through the link we e-mailed, within ${INVITATION_DAYS} days.`,
        tone: "success",
      });
      form.reset({ email: "", role: values.role });
      await onSent();
    },
  });
  const role = useWatch({ control: form.control, name: "role" });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="invite-heading"
      className="mt-6 max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="invite-heading" className="text-lg font-bold text-slate-900">
        Invite someone
      </h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        hint="They sign up or log in with this address to accept."
        error={errors.email?.message}
        {...form.register("email")}
      />
      <SelectField label="Role" options={ROLE_OPTIONS} error={errors.role?.message} {...form.register("role")} />
      {role in ROLE_MEANS && <p className="text-sm text-slate-600">{ROLE_MEANS[role as keyof typeof ROLE_MEANS]}</p>}
      <SubmitButton busy={isSubmitting} busyLabel="Sending…" className={buttonClass({ size: "lg" })}>
        Send invitation
      </SubmitButton>
    </ClientForm>
  );
}
