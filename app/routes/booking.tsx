import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/booking";
import { PageHero } from "~/components/page-hero";
import { BookingFormSection } from "~/features/bookings/request/booking-form-section";
import type { RebookPrefill } from "~/features/bookings/request/rebook-vehicle";
import { REBOOK_REFUSED } from "~/features/bookings/bookings.schema";
import { PROMO_CODE } from "~/features/promos/promo-card";
import { pageMeta, privateLinkMeta, PRIVATE_LINK_HEADERS } from "~/lib/page-meta";
import { pageSearch } from "~/lib/page-search";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocalePath } from "~/lib/i18n/use-locale";

/**
 * A due reminder's link (/booking?rebook=<token>) fills the form in: read here, on the server, so
 * the customer's details reach only the holder of the link, in a private page (never kept by a
 * cache, never indexed, its address not sent on). Without it the page is every visitor's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { rebook: token } = pageSearch(request, z.object({ rebook: z.string().max(500) }));
  if (token === undefined) return { rebook: null };
  const found = await context.services.rebookLinks.read(token);
  const rebook: RebookPrefill | "refused" = found
    ? {
        token,
        fullName: found.fullName,
        phone: found.phone,
        email: found.email,
        vehicleType: found.vehicle.vehicleType,
        vehicleYear: found.vehicle.vehicleYear,
        vehicleMake: found.vehicle.vehicleMake,
        vehicleModel: found.vehicle.vehicleModel,
        vehicleColor: found.vehicle.vehicleColor,
        vehiclePlate: found.vehicle.vehiclePlate,
        serviceType: found.serviceType,
        ...(found.planId && { planId: found.planId }),
      }
    : "refused";
  return data({ rebook }, { headers: PRIVATE_LINK_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  loaderHeaders.has("Cache-Control") ? PRIVATE_LINK_HEADERS : parentHeaders;

export const meta: Route.MetaFunction = (args) =>
  args.data?.rebook
    ? privateLinkMeta(args, msg`Book your oil change`)
    : pageMeta(args, {
        title: msg`Book a Wash, Detail or Oil Change`,
        description: msg`Choose your service, your car and a day and time that fit before closing (Mon–Sat 8 AM–6 PM, Sun 8 AM–5 PM). We confirm every booking personally.`,
      });

const STEPS = [
  {
    title: msg`Choose`,
    text: msg`Tell us your car, pick a service and a time slot, and see the price before you send.`,
  },
  { title: msg`Confirm`, text: msg`We confirm your slot by phone or message, within the hour while we are open.` },
  { title: msg`Drive in`, text: msg`Arrive at your time; most washes are done within the hour.` },
];

export default function BookingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const localePath = useLocalePath();
  const rebook = loaderData.rebook;
  const prefilled = rebook !== null && rebook !== "refused" ? rebook : null;
  const firstName = prefilled?.fullName.split(" ")[0];
  return (
    <main>
      <PageHero eyebrow={t`Booking`} title={prefilled ? t`Book your oil change` : t`Book your slot`}>
        {prefilled ? (
          <p>
            <Trans>Welcome back, {firstName}.</Trans>
          </p>
        ) : (
          <p>
            <Trans>
              Not sure what your car needs? Compare our{" "}
              <Link to={localePath("/pricing")} className="font-semibold text-white underline underline-offset-4">
                packages and prices
              </Link>{" "}
              first.
            </Trans>
          </p>
        )}
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-14">
        {rebook === "refused" && (
          <p role="status" className="mb-8 rounded-xl bg-amber-50 p-4 font-medium text-amber-950">
            {t(fixedMessage(REBOOK_REFUSED))}
          </p>
        )}
        {/* From a reminder, the form comes first: the steps are what the customer already knows. */}
        {!prefilled && (
          <ol className="mb-10 grid gap-4 sm:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title.id} className="rounded-2xl bg-slate-50 p-5">
                <span className="text-sm font-bold text-brand-700">
                  <Trans>Step {i + 1}</Trans>
                </span>
                <p className="mt-1 text-lg font-bold text-slate-900">{t(step.title)}</p>
                <p className="mt-1 text-slate-700">{t(step.text)}</p>
              </li>
            ))}
          </ol>
        )}
        <BookingFormSection
          rebook={prefilled}
          {...(prefilled && {
            title: t`Your oil change`,
            intro: t`Your car, the service and your details are filled in. Pick a day and a time, then send.`,
          })}
        />
        <p className="mt-6 text-slate-700">
          <Trans>
            Have a promo code? Enter <strong>{PROMO_CODE}</strong> under Promo Code for 5% off your visit (one use per
            customer, not combinable with other offers).
          </Trans>
        </p>
      </div>
    </main>
  );
}
