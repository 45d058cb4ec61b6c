import { zodResolver } from "@hookform/resolvers/zod";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextAreaField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { COMMENT_MAX, GOOD_RATING, reviewInputSchema } from "./reviews.schema";
import { StarChoice } from "./star-choice";

/** The API's schema, but the radio group gives its choice as text ("5"): the API itself takes numbers only. */
const formSchema = reviewInputSchema.extend({
  rating: z.preprocess(
    (v) => (v === null || v === undefined || v === "" ? undefined : Number(v)),
    reviewInputSchema.shape.rating,
  ),
});
type FormInput = z.input<typeof formSchema>;

/** What the customer is told once the review is stored: where it goes next depends on the stars. */
function thanks(i18n: I18n, rating: number, publishesGoodAtOnce: boolean): string {
  if (rating < GOOD_RATING)
    return i18n._(
      msg`Thank you for telling us. The manager reads every review and may get in touch to put things right.`,
    );
  return publishesGoodAtOnce
    ? i18n._(msg`Your review is on our site now, with your first name and last initial.`)
    : i18n._(msg`Your review will show on our site, with your first name and last initial, once we have read it.`);
}

/** The review page's form (POST /api/reviews/{token}): the stars, a comment, Send; then the thank-you. */
export function ReviewForm({ token, publishesGoodAtOnce }: { token: string; publishesGoodAtOnce: boolean }) {
  const [sent, setSent] = useState<number | null>(null);
  const { t, i18n } = useLingui();
  const number = (n: number) => n.toLocaleString(i18n.locale === "es" ? "es-US" : "en-US");
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { comment: "" },
    mode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const rating = useWatch({ control: form.control, name: "rating" });
  const comment = useWatch({ control: form.control, name: "comment" }) ?? "";
  const [written, most] = [number(comment.length), number(COMMENT_MAX)];

  const onSubmit = useApiSubmit(form, {
    failure: t`Your review was not sent`,
    fallback: t`Please try again.`,
    submit: async (values) => {
      await apiFetch(`/api/reviews/${encodeURIComponent(token)}`, { method: "POST", json: values });
      setSent(values.rating);
    },
  });

  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: whoever sent it (screen readers included) goes on reading the thank-you.
  useEffect(() => {
    if (sent !== null) heading.current?.focus();
  }, [sent]);

  if (sent !== null)
    return (
      <section aria-labelledby="thanks-heading" className="rounded-2xl border border-green-200 bg-green-50 p-6">
        <h2 id="thanks-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold text-green-900">
          <Trans>Thank you!</Trans>
        </h2>
        <p className="mt-2 text-lg text-green-900">{thanks(i18n, sent, publishesGoodAtOnce)}</p>
      </section>
    );

  return (
    <ClientForm onSubmit={onSubmit} aria-label={t`Your review`} className="space-y-6">
      <StarChoice
        value={rating ? Number(rating) : undefined}
        error={errors.rating?.message}
        radio={form.register("rating")}
      />
      <TextAreaField
        label={t`Tell us more (optional)`}
        hint={t`What went well, or what we could do better. ${written} of ${most} characters.`}
        error={errors.comment?.message}
        {...form.register("comment")}
      />
      <SubmitButton
        busy={isSubmitting}
        busyLabel={t`Sending…`}
        className={`w-full sm:w-auto ${buttonClass({ size: "xl" })}`}
      >
        <Trans>Send review</Trans>
      </SubmitButton>
    </ClientForm>
  );
}
