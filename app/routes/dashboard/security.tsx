import { Link } from "react-router";
import type { Route } from "./+types/security";
import { DASHBOARD_HOME } from "~/features/users/dashboard-links";
import { requirePage } from "~/features/users/page-access.server";
import { DEVICES_PATH } from "~/features/security/security.schema";
import { TwoFactorOffForm } from "~/features/users/two-factor-off-form";
import { TwoFactorSetup } from "~/features/users/two-factor-setup";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/security");
  return { ...(await args.context.services.security.twoFactorStatus(actor)), siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Two-factor sign-in | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** Every signed-in account's two-factor sign-in: on with the password, the QR code and a first code; off with the password. */
export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  const { enabled, required } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Two-factor sign-in</h1>
      <p className="mt-1 max-w-xl text-slate-700">
        After your password, we ask for a code from an app on your phone. Someone who learns your password still cannot
        log in.
      </p>
      {required && !enabled && (
        <p role="alert" className="mt-4 max-w-xl rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-950">
          The shop requires two-factor sign-in for staff, managers and admins. Set it up to open the dashboard.
        </p>
      )}
      <section aria-labelledby="status-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="status-heading" className="text-xl font-semibold text-slate-900">
          Two-factor sign-in is {enabled ? "on" : "off"}
        </h2>
        {!enabled && <TwoFactorSetup />}
        {enabled && required && (
          <>
            <p className="mt-2 max-w-xl text-slate-700">The shop requires it for your role, so it stays on.</p>
            <Link to={DASHBOARD_HOME} className="mt-4 inline-block font-semibold text-brand-700 underline">
              Go to the dashboard
            </Link>
          </>
        )}
        {enabled && !required && (
          <>
            <p className="mt-2 max-w-xl text-slate-700">
              You log in with your password and a code from your app. To turn it off, enter your password.
            </p>
            <TwoFactorOffForm />
          </>
        )}
      </section>
      <p className="mt-6">
        <Link to={DEVICES_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
          See where you are signed in
        </Link>
      </p>
    </>
  );
}
