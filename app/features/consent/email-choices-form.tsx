import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { CONSENT_KINDS, type ConsentChange, type ConsentChoices, type ConsentKind } from "./consent.schema";

/** consent.schema.ts's CONSENT_LABELS (the API's English words) as the page's language says them. */
const KIND_WORDS: Record<ConsentKind, { name: MessageDescriptor; description: MessageDescriptor }> = {
  "service-reminders": {
    name: msg`Service reminders`,
    description: msg`An e-mail when your vehicle is due for its next oil change, and one follow-up.`,
  },
  "review-requests": {
    name: msg`Review requests`,
    description: msg`One e-mail after a visit asking how it went.`,
  },
  "club-reminders": {
    name: msg`Wash Club renewal reminders`,
    description: msg`One e-mail a week before your Wash Club membership ends.`,
  },
};

/**
 * A member's choice of the shop's own e-mails, for the account's address: PUT /api/me/email-choices,
 * the same choice an e-mail's unsubscribe link makes. Until the address is confirmed, a kind that is
 * off stays off here (the server refuses it too): see consent.server.ts.
 */
export function EmailChoicesForm({ choices, emailVerified }: { choices: ConsentChoices; emailVerified: boolean }) {
  const id = useId();
  const toast = useToast();
  const revalidator = useRevalidator();
  const { t, i18n } = useLingui();
  const form = useForm<ConsentChoices>({ defaultValues: choices });
  const { isSubmitting, isDirty, dirtyFields } = form.formState;

  const onSubmit = useApiSubmit(form, {
    failure: t`Saving your choices failed`,
    submit: async (values) => {
      // What the member changed, only: a box they could not touch (locked) has no value to send.
      const change: ConsentChange = Object.fromEntries(
        CONSENT_KINDS.filter((kind) => dirtyFields[kind]).map((kind) => [kind, values[kind]]),
      );
      const saved = await apiFetch<ConsentChoices>("/api/me/email-choices", { method: "PUT", json: change });
      form.reset(saved);
      void toast({ title: t`Saved`, description: t`Your e-mail choices were saved.`, tone: "success" });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="max-w-xl rounded-xl border border-slate-200 bg-white p-5"
    >
      <fieldset>
        <legend id={`${id}-heading`} className="text-lg font-bold text-slate-900">
          <Trans>Send me</Trans>
        </legend>
        <div className="mt-3 space-y-3">
          {CONSENT_KINDS.map((kind) => {
            // Off, and the address not yet confirmed: only a confirmed owner may turn it back on.
            const locked = !emailVerified && !choices[kind];
            return (
              <label
                key={kind}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  disabled={locked}
                  aria-labelledby={`${id}-${kind}-name`}
                  aria-describedby={`${id}-${kind}`}
                  {...form.register(kind)}
                />
                <span className="min-w-0">
                  <span id={`${id}-${kind}-name`} className="font-semibold text-slate-900">
                    {i18n._(KIND_WORDS[kind].name)}
                  </span>
                  <span id={`${id}-${kind}`} className="mt-0.5 block text-sm text-slate-600">
                    {i18n._(KIND_WORDS[kind].description)}
                    {locked && ` ${t`Confirm your e-mail address to turn these back on.`}`}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {!emailVerified && CONSENT_KINDS.every((kind) => choices[kind]) && (
        <p className="mt-4 text-sm text-slate-700">
          <Trans>Until you confirm your e-mail address, an e-mail you turn off here stays off.</Trans>
        </p>
      )}
      <p className="mt-4 text-sm text-slate-700">
        <Trans>Booking confirmations, changes and visit reminders always come: they are about visits you booked.</Trans>
      </p>
      <SubmitButton busy={isSubmitting} busyLabel={t`Saving…`} disabled={!isDirty} className={`mt-4 ${buttonClass()}`}>
        <Trans>Save choices</Trans>
      </SubmitButton>
    </ClientForm>
  );
}
