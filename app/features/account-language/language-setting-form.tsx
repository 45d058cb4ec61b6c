import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { LANGUAGE_NAME, LOCALES } from "~/lib/i18n/locale";
import type { AccountLanguage } from "./account-language.schema";

/**
 * The member's language for their e-mails: PUT /api/me/language. Each language is named in itself
 * ("Español"), so a reader of either finds theirs.
 */
export function LanguageSettingForm({ locale }: AccountLanguage) {
  const id = useId();
  const toast = useToast();
  const { t } = useLingui();
  const form = useForm<AccountLanguage>({ defaultValues: { locale } });
  const { isSubmitting, isDirty } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: t`Saving your language failed`,
    fallback: t`Please try again.`,
    submit: async (values) => {
      const saved = await apiFetch<AccountLanguage>("/api/me/language", { method: "PUT", json: values });
      form.reset(saved);
      void toast({ title: t`Saved`, description: t`Your language was saved.`, tone: "success" });
    },
  });
  return (
    <ClientForm onSubmit={onSubmit} className="mt-6 max-w-xl rounded-xl border border-slate-200 bg-white p-5">
      <label htmlFor={`${id}-locale`} className="text-lg font-bold text-slate-900">
        <Trans>Language of our e-mails</Trans>
      </label>
      <select
        id={`${id}-locale`}
        className="mt-3 block min-h-11 w-full rounded-lg border border-slate-300 px-3"
        {...form.register("locale")}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAME[l]}
          </option>
        ))}
      </select>
      <SubmitButton busy={isSubmitting} busyLabel={t`Saving…`} disabled={!isDirty} className={`mt-4 ${buttonClass()}`}>
        <Trans>Save language</Trans>
      </SubmitButton>
    </ClientForm>
  );
}
