import type { MetaDescriptor } from "react-router";

/** Title and description tags for a page; the business name is appended to the title. */
export function pageMeta(title: string, description: string, siteName = "Sparkle Auto Spa"): MetaDescriptor[] {
  const fullTitle = `${title} | ${siteName}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
}
