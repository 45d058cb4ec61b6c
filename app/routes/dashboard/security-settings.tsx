import type { Route } from "./+types/security-settings";
import { requirePage } from "~/features/users/page-access.server";
import { SecuritySettingsForm } from "~/features/security/security-settings-form";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/security-settings");
  return { settings: await args.context.services.security.getSettings(actor), siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Security Settings | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** The owner's security settings: whether the team must use two-factor sign-in. */
export default function SecuritySettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Security Settings</h1>
      <p className="mt-1 max-w-xl text-slate-700">
        A stolen password of anyone on the team opens the shop's records. A code from their phone stops that.
      </p>
      <SecuritySettingsForm settings={loaderData.settings} />
    </>
  );
}
