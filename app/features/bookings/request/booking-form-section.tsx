import { Trans, useLingui } from "@lingui/react/macro";
import { MessageCircle, Phone } from "lucide-react";
import { formatPeriod, periodDays } from "~/lib/opening-hours";
import { useLocale } from "~/lib/i18n/use-locale";
import { useOpeningHours } from "~/lib/use-opening-hours";
import { telHref, whatsappHref } from "~/lib/site-config";
import { useSite } from "~/lib/use-site";
import { useRootData } from "~/lib/root-data";
import { buttonClass } from "~/components/ui/button";
import { DeferredBookingForm } from "./deferred-booking-form";
import type { RebookPrefill } from "./rebook-vehicle";

/**
 * The contact form's booking request (home, /contact, /booking), with the other ways to book
 * for those who would rather talk: a phone call and a WhatsApp chat.
 */
export function BookingFormSection({
  title,
  intro,
  id = "book",
  rebook = null,
}: {
  title?: string;
  intro?: string;
  id?: string;
  /** A due reminder's link: the form holds all but the day and time. */
  rebook?: RebookPrefill | null;
}) {
  const site = useSite();
  const hours = useOpeningHours();
  const root = useRootData();
  const { t } = useLingui();
  const locale = useLocale();
  const phone = site.phone;
  const openingHours = hours.map((h) => `${periodDays(h, locale)} ${formatPeriod(h, locale)}`).join(", ");
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
    >
      <h2 id={`${id}-heading`} className="text-3xl font-bold text-slate-900">
        {title ?? t`Book a Slot`}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        {intro ?? t`Tell us your car, the service and the time that suits you, and we'll confirm your slot shortly.`}
      </p>
      {/* The form brings its validation library: loaded after the page itself, once wanted. */}
      <DeferredBookingForm
        className="mt-6"
        variant={{ kind: "contact", account: root?.user ?? null, rebook }}
        today={root?.today ?? ""}
      />
      <p className="mt-8 font-semibold text-slate-800">
        <Trans>Rather talk to us?</Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={telHref(site.phone)} className={`inline-flex items-center gap-2 ${buttonClass({ size: "xl" })}`}>
          <Phone aria-hidden className="size-5" />
          <Trans>Call {phone}</Trans>
        </a>
        <a
          href={whatsappHref(site)}
          rel="noopener"
          className="inline-flex items-center gap-2 rounded-md bg-green-700 px-5 py-3 font-bold text-white hover:bg-green-800"
        >
          <MessageCircle aria-hidden className="size-5" />
          <Trans>Book on WhatsApp</Trans>
        </a>
      </div>
      <p className="mt-5 text-sm text-slate-600">
        <Trans>We answer during opening hours: {openingHours}.</Trans>
      </p>
    </section>
  );
}
