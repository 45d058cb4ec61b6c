import { Trans } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { loginPath, signupPath } from "~/lib/safe-redirect";
import type { ServiceType } from "../bookings.schema";
import { buttonClass } from "~/components/ui/button";

/** Where the guest link goes: the contact form, with this package (and its service) already chosen. */
export function guestBookingPath(plan: { _id: string; serviceType?: ServiceType }): string {
  const params = new URLSearchParams({ plan: plan._id });
  if (plan.serviceType) params.set("service", plan.serviceType);
  return `/booking?${params.toString()}#book`;
}

// At least 44 px tall: a touch target on a phone.
const link = "inline-flex min-h-11 items-center";

/**
 * What a visitor on a package page reads first: the package can be booked as a guest (the contact
 * form with this package and its service chosen) in one tap, or on this page once signed in
 * (logging in or signing up comes back here with what was typed kept as a draft). Guests come
 * first: most customers book without an account (walk 4, m10).
 */
export function PackageAccountNotice({ plan }: { plan: { _id: string; serviceType?: ServiceType } }) {
  const { pathname } = useLocation();
  const back = `${pathname}#book`;
  const localePath = useLocalePath();
  return (
    <section
      aria-labelledby="account-needed"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-slate-900 lg:col-span-2"
    >
      <h2 id="account-needed" className="text-lg font-bold">
        <Trans>Book as a guest, or with your account</Trans>
      </h2>
      <p className="mt-1 text-slate-700">
        <Trans>
          No account needed: book this package as a guest. With an account, the booking is in My Bookings: log in or
          sign up and you come straight back here, with what you typed still there.
        </Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={localePath(guestBookingPath(plan))} className={`${link} ${buttonClass()}`}>
          <Trans>Book as a guest</Trans>
        </Link>
        <Link to={localePath(loginPath(back))} className={`${link} ${buttonClass({ variant: "outline" })}`}>
          <Trans>Log in</Trans>
        </Link>
        <Link to={localePath(signupPath(back))} className={`${link} text-brand-800 underline underline-offset-4`}>
          <Trans>Sign up</Trans>
        </Link>
      </div>
    </section>
  );
}
