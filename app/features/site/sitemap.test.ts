import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./sitemap";
import { jsonForScript, localBusinessJsonLd, postalAddress } from "./structured-data";
import { defaultSiteConfig } from "~/lib/site-config";

describe("sitemapXml", () => {
  it("lists absolute URLs with the day they last changed, escaped for XML", () => {
    const xml = sitemapXml("https://sparkle.example", [
      { path: "/" },
      { path: "/packages/abc", lastModified: "2025-03-04T10:00:00.000Z" },
      { path: "/a&b" },
    ]);
    expect(xml).toContain("<loc>https://sparkle.example/</loc>");
    expect(xml).toContain("<url><loc>https://sparkle.example/packages/abc</loc><lastmod>2025-03-04</lastmod></url>");
    expect(xml).toContain("https://sparkle.example/a&amp;b");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("robotsTxt", () => {
  it("keeps crawlers out of the dashboard and accounts and points to the sitemap", () => {
    const robots = robotsTxt("https://sparkle.example");
    expect(robots).toContain("Disallow: /dashboard");
    expect(robots).toContain("Disallow: /login");
    expect(robots).not.toMatch(/Disallow: \/\s*$/m);
    expect(robots).toContain("Sitemap: https://sparkle.example/sitemap.xml");
  });
});

describe("structured data", () => {
  it("splits a US address into its parts and keeps any other address whole", () => {
    expect(postalAddress("1250 Harbor Boulevard, Springfield, NY 10001")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "1250 Harbor Boulevard",
      addressLocality: "Springfield",
      addressRegion: "NY",
      postalCode: "10001",
      addressCountry: "US",
    });
    expect(postalAddress("Unit 4, Dock Road, Leeds")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Unit 4, Dock Road, Leeds",
    });
  });

  it("describes the business as an AutoWash with phone, hours and rating, and social profiles only when set", () => {
    const data = localBusinessJsonLd(defaultSiteConfig, "https://sparkle.example", { average: 4.7, count: 12 });
    expect(data).toMatchObject({ "@type": "AutoWash", telephone: "(555) 014-2290", url: "https://sparkle.example/" });
    expect(data.openingHoursSpecification).toHaveLength(2);
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.7,
      reviewCount: 12,
      bestRating: 5,
    });
    expect(localBusinessJsonLd(defaultSiteConfig, "", { average: 0, count: 0 })).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("sameAs");
    const social = localBusinessJsonLd(
      { ...defaultSiteConfig, social: { youtube: "https://youtube.com/@sparkle" } },
      "",
      { average: 0, count: 0 },
    );
    expect(social.sameAs).toEqual(["https://youtube.com/@sparkle"]);
  });

  it("cannot be closed early by a value inside the script tag", () => {
    expect(jsonForScript({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});
