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

  it("canonicalises paths", () => {
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("/Services/Full-Detail/")).toBe("/services/full-detail");
  });
});
