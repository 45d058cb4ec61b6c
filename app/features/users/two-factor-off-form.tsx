import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { PasswordField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { twoFactorFailureMessage } from "./auth-messages";
import { authCall } from "./auth-request";
import { passwordOnlySchema } from "~/features/security/security.schema";

/** Turning two-factor sign-in off takes the password (better-auth's disable). */
export function TwoFactorOffForm() {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<z.input<typeof passwordOnlySchema>>({ resolver: zodResolver(passwordOnlySchema) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    const answer = await authCall("two-factor/disable", { password });
    if (!answer.ok) {
      void toast({ title: "Not turned off", description: twoFactorFailureMessage(answer.failure), tone: "error" });
      return;
    }
    void toast({ title: "Two-factor sign-in is off", tone: "success" });
    await revalidator.revalidate();
  });
  return (
    <ClientForm onSubmit={onSubmit} className="mt-4 max-w-sm space-y-4">
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <SubmitButton
        busy={isSubmitting}
        busyLabel="Turning off..."
        className={buttonClass({ variant: "danger", size: "lg" })}
      >
        Turn off two-factor sign-in
      </SubmitButton>
    </ClientForm>
  );
}
