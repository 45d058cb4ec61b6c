import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { PasswordField } from "~/components/ui/form-field";
import { passwordOnlySchema } from "~/features/security/security.schema";
import { useTwoFactorSwitch } from "./use-two-factor-switch";

/** Turning two-factor sign-in off takes the password (better-auth's disable). */
export function TwoFactorOffForm() {
  const turnOff = useTwoFactorSwitch(false);
  const form = useForm<z.input<typeof passwordOnlySchema>>({ resolver: zodResolver(passwordOnlySchema) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) => turnOff("two-factor/disable", { password }));
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
