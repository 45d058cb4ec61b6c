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

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact & Book a Slot",
    description:
      "Book a hand wash, detail or oil change. Call, message us on WhatsApp or visit: we're open Monday to Saturday 8 AM–6 PM and Sunday 8 AM–5 PM.",
  });

export default function ContactPage() {
  const site = useSite();
  return (
    <main>
      <PageHero eyebrow="Contact" title="Book a slot or ask us anything">
        <p>Tell us what your car needs and when suits you. We reply within the hour during opening times.</p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[1.6fr_1fr]">
        <BookingFormSection title="Booking enquiry" id="enquiry" />
        <div className="space-y-8">
          <section aria-labelledby="details-heading" className="space-y-6">
            <h2 id="details-heading" className="text-2xl font-bold text-slate-900">
              Contact details
            </h2>
            <ul className="space-y-4 text-slate-700">
              <li className="flex gap-3">
                <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">Phone</span>
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
                    Message us on WhatsApp
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">Address</span>
                  <address className="not-italic">{site.address}</address>
                  <Link to="/location" className="text-brand-700 underline underline-offset-4">
                    Map and directions
                  </Link>
                </span>
              </li>
              <li className="flex gap-3">
                <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">Opening hours</span>
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
