import { Link, useLocation } from "react-router";
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
 * What a visitor on a package page reads first: booking a package needs an account. Logging in
 * or signing up comes back to this form (what was typed is kept as a draft); or the same request
 * goes as a guest through the contact form in one tap.
 */
export function PackageAccountNotice({ plan }: { plan: { _id: string; serviceType?: ServiceType } }) {
  const { pathname } = useLocation();
  const back = `${pathname}#book`;
  return (
    <section
      aria-labelledby="account-needed"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-slate-900 lg:col-span-2"
    >
      <h2 id="account-needed" className="text-lg font-bold">
        Booking a package needs an account
      </h2>
      <p className="mt-1 text-slate-700">
        Log in or sign up and you come straight back to this form, with what you typed still there. No account? Send the
        same request as a guest.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={loginPath(back)} className={`${link} ${buttonClass()}`}>
          Log in
        </Link>
        <Link to={signupPath(back)} className={`${link} ${buttonClass({ variant: "outline" })}`}>
          Sign up
        </Link>
        <Link to={guestBookingPath(plan)} className={`${link} text-brand-800 underline underline-offset-4`}>
          Book as a guest
        </Link>
      </div>
    </section>
  );
}
