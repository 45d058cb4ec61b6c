import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { StarRating } from "~/components/star-rating";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { EmailAddress } from "~/components/ui/email-address";
import { TextAreaField } from "~/components/ui/form-field";
import { useApiAction } from "~/components/ui/use-api-action";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import { telHref } from "~/lib/site-config";
import {
  RATING_LABELS,
  replyField,
  REPLY_MAX,
  visitMonthText,
  type AdminReview,
  type ReviewModeration,
} from "./reviews.schema";
import { displayPhone } from "~/lib/phone";

const STATUS_BADGES = {
  pending: { label: "Waiting", className: "bg-amber-100 text-amber-900" },
  published: { label: "Published", className: "bg-green-100 text-green-900" },
  hidden: { label: "Hidden", className: "bg-slate-200 text-slate-800" },
} as const;

export function ReviewStatusBadge({ status }: { status: AdminReview["status"] }) {
  const badge = STATUS_BADGES[status];
  return <span className={`rounded px-2 py-0.5 text-xs font-bold ${badge.className}`}>{badge.label}</span>;
}

const moderate = (id: string, change: ReviewModeration) =>
  apiFetch(`/api/reviews/${id}`, { method: "PATCH", json: change });

/** Publish or hide (PATCH /api/reviews/{id}): the one the review is not already. */
function PublishButtons({ review }: { review: AdminReview }) {
  const { busy, run } = useApiAction({ failureToast: "Not changed" });
  const set = (status: "published" | "hidden") =>
    run(async () => {
      await moderate(review._id, { status });
      return status === "published"
        ? { title: "Published", description: `${review.authorName}'s review shows on the site.` }
        : { title: "Hidden", description: `${review.authorName}'s review is off the site.` };
    });
  return (
    <div className="flex flex-wrap gap-2">
      {review.status !== "published" && (
        <button type="button" disabled={busy} onClick={() => set("published")} className={buttonClass({ size: "sm" })}>
          Publish
        </button>
      )}
      {review.status !== "hidden" && (
        <button
          type="button"
          disabled={busy}
          onClick={() => set("hidden")}
          className={buttonClass({ variant: "secondary", size: "sm" })}
        >
          Hide
        </button>
      )}
    </div>
  );
}

const replySchema = z.object({ reply: replyField });

/** The shop's public reply, under the review wherever it shows; empty removes it. */
function ReplyForm({ review }: { review: AdminReview }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<z.input<typeof replySchema>, unknown, z.output<typeof replySchema>>({
    resolver: zodResolver(replySchema),
    defaultValues: { reply: review.reply },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Reply not saved",
    submit: async ({ reply }) => {
      await moderate(review._id, { reply });
      form.reset({ reply });
      void toast({
        title: reply ? "Reply saved" : "Reply removed",
        description:
          review.status === "published"
            ? "The site shows it with the review."
            : "It shows once the review is published.",
        tone: "success",
      });
      await revalidator.revalidate();
    },
  });
  return (
    <ClientForm onSubmit={onSubmit} aria-label={`Reply to ${review.authorName}`} className="mt-4">
      <TextAreaField
        label="Public reply"
        rows={3}
        hint={`Shown under the review on the site. Up to ${REPLY_MAX.toLocaleString("en-US")} characters; empty removes it.`}
        error={errors.reply?.message}
        {...form.register("reply")}
      />
      <SubmitButton
        busy={isSubmitting}
        busyLabel="Saving…"
        disabled={!isDirty}
        className={`mt-2 ${buttonClass({ variant: "outline", size: "sm" })}`}
      >
        Save reply
      </SubmitButton>
    </ClientForm>
  );
}

/** One review as the admin moderates it: stars, words, who and which visit, then Publish / Hide and the reply. */
export function ReviewModerationCard({ review, visitDay }: { review: AdminReview; visitDay: string }) {
  const { customer } = review;
  return (
    <article
      aria-labelledby={`review-${review._id}`}
      className={`rounded-xl border bg-white p-5 ${review.status === "pending" && review.rating < 4 ? "border-amber-400" : "border-slate-200"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`review-${review._id}`} className="flex flex-wrap items-center gap-3 font-bold text-slate-900">
          <StarRating rating={review.rating} />
          <span>
            {review.rating} · {RATING_LABELS[review.rating - 1]}
          </span>
          <ReviewStatusBadge status={review.status} />
        </h2>
        <PublishButtons review={review} />
      </div>
      {review.comment ? (
        <p className="mt-3 whitespace-pre-line text-slate-800">“{review.comment}”</p>
      ) : (
        <p className="mt-3 text-slate-600">No comment, stars only.</p>
      )}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-700">Customer</dt>
          <dd className="text-slate-900">
            {customer.fullName} <span className="text-slate-600">(shown as {review.authorName})</span>
            <span className="block">
              {customer.email && <EmailAddress email={customer.email} />}
              {customer.phone && (
                <>
                  {" · "}
                  <a
                    href={telHref(customer.phone)}
                    className="font-semibold whitespace-nowrap text-brand-700 underline"
                  >
                    {displayPhone(customer.phone)}
                  </a>
                </>
              )}
            </span>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">Visit</dt>
          <dd className="text-slate-900">
            {review.serviceLabel}, {visitDay}
            <span className="block text-slate-600">Shown as {visitMonthText(review.visitMonth)}</span>
          </dd>
        </div>
      </dl>
      <ReplyForm review={review} />
    </article>
  );
}
