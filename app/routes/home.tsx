import { Link } from "react-router";
import type { Route } from "./+types/home";
import { pageMeta } from "~/lib/page-meta";

export function loader({ context }: Route.LoaderArgs) {
  return { site: context.site };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    "Hand Car Wash, Detailing & Quick Lube",
    "Hand car wash, interior deep clean, express wax, full detail and oil change. See our prices and book a slot online.",
    data?.site.name,
  );

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-20 text-white">
        <div className="mx-auto max-w-6xl">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">Hand car wash & quick lube, done right.</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">
            {loaderData.site.name} washes every car by hand and changes your oil while you wait. No brushes, no scratches, no
            surprises on the bill.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/contact" className="rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500">
              Book Now
            </Link>
            <Link to="/pricing" className="rounded-md border border-white/60 px-6 py-3 font-bold text-white hover:bg-white/10">
              See prices
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
