import type { MetaDescriptor } from "react-router";

/** What the root loader gives every page's meta function. */
interface RootMetaData {
  site: { name: string };
  origin: string;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

export interface PageMetaInput {
  title: string;
  description: string;
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
  const siteName = root?.site.name ?? "Sparkle Auto Spa";
  const origin = root?.origin ?? "";
  const fullTitle = `${title} | ${siteName}`;
  const url = `${origin}${canonicalPath(path ?? args.location.pathname)}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}${OG_IMAGE.path}` },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: `${siteName}: hand car wash, detailing and quick lube` },
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
export function privateLinkMeta(args: Pick<MetaArgsLike, "matches">, title: string): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootMetaData | undefined;
  return [
    { title: `${title} | ${root?.site.name ?? ""}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export function canonicalPath(pathname: string): string {
  const trimmed = pathname.toLowerCase().replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}
