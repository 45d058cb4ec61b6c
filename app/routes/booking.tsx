import { Link } from "react-router";
import type { Route } from "./+types/booking";
import { PageHero } from "~/components/page-hero";
import { BookingFormSection } from "~/features/bookings/request/booking-form-section";
import { PROMO_CODE } from "~/features/promos/promo-card";
import { pageMeta } from "~/lib/page-meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Book a Wash, Detail or Oil Change",
    description:
      "Choose your service, your car and a day and time that fit before closing (Mon–Sat 8 AM–6 PM, Sun 8 AM–5 PM). We confirm every booking personally.",
  });

const STEPS = [
  { title: "Choose", text: "Tell us your car, pick a service and a time slot, and see the price before you send." },
  { title: "Confirm", text: "We confirm your slot by phone or message, within the hour while we are open." },
  { title: "Drive in", text: "Arrive at your time; most washes are done within the hour." },
];

export default function BookingPage() {
  return (
    <main>
      <PageHero eyebrow="Booking" title="Book your slot">
        <p>
          Not sure what your car needs? Compare our{" "}
          <Link to="/pricing" className="font-semibold text-white underline underline-offset-4">
            packages and prices
          </Link>{" "}
          first.
        </p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ol className="mb-10 grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-2xl bg-slate-50 p-5">
              <span className="text-sm font-bold text-brand-700">Step {i + 1}</span>
              <p className="mt-1 text-lg font-bold text-slate-900">{step.title}</p>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
        <BookingFormSection />
        <p className="mt-6 text-slate-700">
          Have a promo code? Enter <strong>{PROMO_CODE}</strong> under Promo Code for 5% off your visit (one use per
          customer, not combinable with other offers).
        </p>
      </div>
    </main>
  );
}
