import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Clock, MapPin, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/contact";
import { PageHero } from "~/components/page-hero";
import { BookingFormSection } from "~/features/bookings/request/booking-form-section";
import { SUMMARY_ASIDE_ID } from "~/features/bookings/request/summary-aside";
import { OpeningHoursList } from "~/features/site/opening-hours-list";
import { telHref, whatsappHref } from "~/lib/site-config";
import { useSite } from "~/lib/use-site";
import { pageMeta } from "~/lib/page-meta";
import { useLocalePath } from "~/lib/i18n/use-locale";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg`Contact & Book a Slot`,
    description: msg`Book a hand wash, detail or oil change. Call, message us on WhatsApp or visit: we're open Monday to Saturday 8 AM–6 PM and Sunday 8 AM–5 PM.`,
  });

export default function ContactPage() {
  const site = useSite();
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <main>
      <PageHero eyebrow={t`Contact`} title={t`Book a slot or ask us anything`}>
        <p>
          <Trans>Tell us what your car needs and when suits you. We reply within the hour during opening times.</Trans>
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[1.6fr_1fr]">
        <BookingFormSection title={t`Booking enquiry`} id="enquiry" />
        <div className="space-y-8">
          <section aria-labelledby="details-heading" className="space-y-6">
            <h2 id="details-heading" className="text-2xl font-bold text-slate-900">
              <Trans>Contact details</Trans>
            </h2>
            <ul className="space-y-4 text-slate-700">
              <li className="flex gap-3">
                <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">
                    <Trans>Phone</Trans>
                  </span>
                  <a href={telHref(site.phone)} className="text-brand-700 underline underline-offset-4">
                    {site.phone}
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <MessageCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">WhatsApp</span>
                  <a href={whatsappHref(site)} rel="noopener" className="text-brand-700 underline underline-offset-4">
                    <Trans>Message us on WhatsApp</Trans>
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">
                    <Trans>Address</Trans>
                  </span>
                  <address className="not-italic">{site.address}</address>
                  <Link to={localePath("/location")} className="text-brand-700 underline underline-offset-4">
                    <Trans>Map and directions</Trans>
                  </Link>
                </span>
              </li>
              <li className="flex gap-3">
                <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">
                    <Trans>Opening hours</Trans>
                  </span>
                  <OpeningHoursList />
                </span>
              </li>
            </ul>
          </section>
          {/* The form's running total, kept in view beside it on a wide screen (summary-section.tsx). */}
          <div id={SUMMARY_ASIDE_ID} className="hidden lg:sticky lg:top-6 lg:block" />
        </div>
      </div>
    </main>
  );
}
