import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/reset-password";
import { PasswordField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { authRequest } from "~/features/users/auth-request";
import { resetPasswordSchema } from "~/features/users/users.schema";
import { pageMeta } from "~/lib/page-meta";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "Choose a new password", description: "Set a new password for your account." }),
  { name: "robots", content: "noindex" },
];

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const toast = useToast();
  const [expired, setExpired] = useState(params.get("error") !== null || !token);
  const form = useForm<z.input<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const failure = await authRequest("reset-password", { newPassword: password, token });
    if (failure) {
      if (failure.status === 400) setExpired(true);
      else void toast({ title: "Update failed", description: failure.message || "Please try again.", tone: "error" });
      return;
    }
    await toast({
      title: "Password updated",
      description: "Log in with your new password.",
      tone: "success",
      duration: 1500,
    });
    await navigate("/login", { replace: true });
  });

  if (expired) {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">This link has expired</h1>
        <p className="mt-3 text-slate-700">
          Reset links work once, within one hour. Ask for a new one and use it straight away.
        </p>
        <Link to="/forgot-password" className={`mt-6 inline-block ${buttonClass({ size: "xl" })}`}>
          Send me a new link
        </Link>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
      <ClientForm onSubmit={onSubmit} className="mt-6 space-y-4">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password?.message}
          {...form.register("password")}
        />
        <PasswordField
          label="Repeat new password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register("confirm")}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Saving..." className={buttonClass({ size: "xl", block: true })}>
          Set new password
        </SubmitButton>
      </ClientForm>
    </>
  );
}
