import type { Route } from "./+types/sitemap";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { SERVICES_WITH_PAGES, serviceHref } from "~/features/offerings/service-catalogue";
import { sitemapXml } from "~/features/site/sitemap";
import { LOCALES, pathInLocale } from "~/lib/i18n/locale";

const STATIC_PATHS = ["/", "/about", "/pricing", "/contact", "/booking", "/location", "/reviews", "/hotels"];

export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = context.site.publicUrl ?? new URL(request.url).origin;
  const packages = [];
  // Every package page, a page of the catalogue at a time.
  for (let offset = 0; ; offset += PLAN_LIST_MAX_LIMIT) {
    const page = await context.services.plans.listPackages({ limit: PLAN_LIST_MAX_LIMIT, offset });
    packages.push(...page.items);
    if (page.items.length < PLAN_LIST_MAX_LIMIT) break;
  }
  const pages = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...SERVICES_WITH_PAGES.map((s) => ({ path: serviceHref(s) })),
    ...packages.map((p) => ({ path: `/packages/${p.id}`, lastModified: p.updatedAt.toISOString() })),
  ];
  // Each page in English, then its Spanish twin under /es (decision 056).
  const xml = sitemapXml(
    origin,
    LOCALES.flatMap((locale) => pages.map((page) => ({ ...page, path: pathInLocale(page.path, locale) }))),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
