import { msg } from "@lingui/core/macro";
import type { MetaDescriptor } from "react-router";
import { LOCALES, localeOfPath, pathInLocale } from "./i18n/locale";
import { metaI18n, translate, type MetaText } from "./i18n/meta-i18n";

/** What the root loader gives every page's meta function. */
interface RootMetaData {
  site: { name: string };
  origin: string;
  user?: { role: string } | null;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

export interface PageMetaInput {
  title: MetaText;
  description: MetaText;
  /** Canonical path when it differs from the visited one (e.g. /About → /about). */
  path?: string;
}

export const OG_IMAGE = { path: "/images/og-card.jpg", width: 1200, height: 630 } as const;

/**
 * Title, description, canonical URL and Open Graph tags of a page. Paths are canonicalised to
 * lower case without a trailing slash, so /About and /about are one page to search engines.
 */
export function pageMeta(args: MetaArgsLike, { title, description, path }: PageMetaInput): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootMetaData | undefined;
  const i18n = metaI18n(args.matches);
  const siteName = root?.site.name ?? "Sparkle Auto Spa";
  const origin = root?.origin ?? "";
  const fullTitle = `${translate(i18n, title)} | ${siteName}`;
  // A page's own canonical path is its English one; on a Spanish page, its twin's.
  const pagePath = path ? pathInLocale(path, localeOfPath(args.location.pathname)) : args.location.pathname;
  const url = `${origin}${canonicalPath(pagePath)}`;
  const content = translate(i18n, description);
  return [
    { title: fullTitle },
    { name: "description", content },
    { tagName: "link", rel: "canonical", href: url },
    ...languageAlternates(origin, pagePath),
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}${OG_IMAGE.path}` },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: i18n._(msg`${siteName}: hand car wash, detailing and quick lube`) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/**
 * A page whose address is a key (a signed link: a booking's manage link, an unsubscribe link): the
 * holder's alone, so no shared cache keeps it, no search engine lists it, and the address is not
 * sent on to the sites it links to.
 */
export const PRIVATE_LINK_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

/** The title and the robots and referrer rules of such a page. */
export function privateLinkMeta(args: MetaArgsLike, title: MetaText): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootMetaData | undefined;
  return [
    { title: `${translate(metaI18n(args.matches), title)} | ${root?.site.name ?? ""}` },
    ...languageAlternates(root?.origin ?? "", args.location.pathname, { keepCase: true }),
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * The page in each language and, for a visitor whose language the site lacks, the English one
 * (`x-default`): search engines show each searcher their language's twin.
 */
export function languageAlternates(origin: string, pathname: string, { keepCase = false } = {}): MetaDescriptor[] {
  // A link's key (a signed token) is case-sensitive: those paths are named as they are.
  const path = (p: string) => (keepCase ? p : canonicalPath(p));
  const href = (locale: (typeof LOCALES)[number]) => `${origin}${path(pathInLocale(pathname, locale))}`;
  return [
    ...LOCALES.map((locale) => ({ tagName: "link", rel: "alternate", hrefLang: locale, href: href(locale) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: href("en") },
  ];
}

export function canonicalPath(pathname: string): string {
  const trimmed = pathname.toLowerCase().replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * A member's own page (the dashboard's, decision 059): its title, its twin in the other language
 * (a member's: a team account's dashboard is English only), and no search engine's list.
 */
export function memberPageMeta(args: MetaArgsLike, title: MetaText): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootMetaData | undefined;
  const twinned = root?.user?.role === "member";
  return [
    { title: `${translate(metaI18n(args.matches), title)} | ${root?.site.name ?? ""}` },
    ...(twinned ? languageAlternates(root?.origin ?? "", args.location.pathname) : []),
    { name: "robots", content: "noindex" },
  ];
}
