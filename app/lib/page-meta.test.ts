import { describe, expect, it } from "vitest";
import { canonicalPath, pageMeta } from "./page-meta";

const root = { id: "root", loaderData: { site: { name: "Sparkle Auto Spa" }, origin: "https://sparkle.example" } };

describe("pageMeta", () => {
  it("gives a page its title, description, canonical URL and Open Graph tags", () => {
    const tags = pageMeta(
      { location: { pathname: "/About/" }, matches: [root] },
      { title: "About us", description: "Who we are." },
    );
    expect(tags).toContainEqual({ title: "About us | Sparkle Auto Spa" });
    expect(tags).toContainEqual({ name: "description", content: "Who we are." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://sparkle.example/about" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://sparkle.example/about" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://sparkle.example/images/og-card.jpg" });
  });

  it("names the page's twin in the other language, and the English one as the default", () => {
    const tags = pageMeta(
      { location: { pathname: "/es/Pricing" }, matches: [root] },
      { title: "Precios", description: "Lo que cuesta." },
    );
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://sparkle.example/es/pricing" });
    expect(tags.filter((t) => "hrefLang" in t)).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://sparkle.example/pricing" },
      { tagName: "link", rel: "alternate", hrefLang: "es", href: "https://sparkle.example/es/pricing" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://sparkle.example/pricing" },
    ]);
  });

  it("canonicalises paths", () => {
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("/Services/Full-Detail/")).toBe("/services/full-detail");
  });
});
