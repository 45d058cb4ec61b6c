import { Link } from "react-router";
import type { Route } from "./+types/dashboard-home";
import { dashboardLinks } from "~/features/users/dashboard-links";
import { ProfileForm } from "~/features/users/profile-form";
import { requirePageActor } from "~/features/users/page-access.server";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePageActor(args);
  return { name: actor.name, role: actor.role, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Dashboard | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const links = dashboardLinks(loaderData.role).filter((l) => l.to !== "/");
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Hello, {loaderData.name}</h1>
      <p className="mt-2 text-slate-700">
        {loaderData.role === "admin"
          ? "Manage the catalogue, bookings and accounts from here."
          : "Your bookings are one click away."}
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="block rounded-xl border border-slate-200 bg-white p-5 font-semibold text-brand-800 shadow-sm hover:border-brand-600"
            >
              {link.label} →
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-10">
        <ProfileForm name={loaderData.name} />
      </div>
    </>
  );
}
