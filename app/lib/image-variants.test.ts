import { describe, expect, it } from "vitest";
import { cardImageSources } from "./image-variants";

describe("cardImageSources", () => {
  it("offers the card-sized copy of an uploaded photo first", () => {
    expect(cardImageSources("/uploads/0123456789abcdef01234567.webp")).toEqual({
      src: "/uploads/0123456789abcdef01234567-640w.webp",
      srcSet: "/uploads/0123456789abcdef01234567-640w.webp 640w, /uploads/0123456789abcdef01234567.webp 2048w",
    });
  });

  it("uses any other address as it is", () => {
    expect(cardImageSources("https://example.com/hotel.jpg")).toEqual({ src: "https://example.com/hotel.jpg" });
    expect(cardImageSources("/uploads/0123456789abcdef01234567.pdf")).toEqual({
      src: "/uploads/0123456789abcdef01234567.pdf",
    });
  });
});
