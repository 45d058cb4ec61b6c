import { Link } from "react-router";
import type { Route } from "./+types/devices";
import { requirePage } from "~/features/users/page-access.server";
import { DeviceList } from "~/features/security/device-list";
import { SECURITY_PATH } from "~/features/security/security.schema";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/devices");
  return {
    devices: await args.context.services.security.listDevices(actor, args.request.headers),
    siteName: args.context.site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Signed-in devices | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** Where the account is signed in: a device it does not know is signed out from here. */
export default function DevicesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Signed-in devices</h1>
      <p className="mt-1 max-w-xl text-slate-700">
        Where your account is signed in now. Don't know one? Sign it out, then change your password or{" "}
        <Link to={SECURITY_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
          turn on two-factor sign-in
        </Link>
        .
      </p>
      <DeviceList devices={loaderData.devices} />
    </>
  );
}
