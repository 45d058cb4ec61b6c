import { describe, expect, it } from "vitest";
import { changedHotelFields, hotelFormDefaults, type SavedHotel } from "./hotel-changes";

const loaded = {
  hotelName: "Harbor Inn",
  hotelDescription: "By the sea",
  rating: 4.5,
  priceIndicator: "££" as const,
  image: "/uploads/0123456789abcdef01234567.webp",
};
const unchanged: SavedHotel = { ...loaded };

describe("hotelFormDefaults", () => {
  it("gives the form text: an empty rating and no indicator chosen when the entry has none", () => {
    expect(hotelFormDefaults(loaded)).toEqual({
      hotelName: "Harbor Inn",
      hotelDescription: "By the sea",
      rating: "4.5",
      priceIndicator: "££",
    });
    expect(hotelFormDefaults({ ...loaded, rating: null, priceIndicator: null })).toMatchObject({
      rating: "",
      priceIndicator: "",
    });
  });
});

describe("changedHotelFields", () => {
  it("is empty when nothing changed", () => {
    expect(changedHotelFields(loaded, unchanged)).toEqual({});
    expect(changedHotelFields({ ...loaded, hotelName: "Harbor Inn " }, unchanged)).toEqual({});
  });

  it("sends only what changed, a cleared rating as null and a new photo's address", () => {
    expect(changedHotelFields(loaded, { ...unchanged, hotelName: "Harbor Inn & Spa" })).toEqual({
      hotelName: "Harbor Inn & Spa",
    });
    expect(
      changedHotelFields(loaded, { ...unchanged, rating: null, image: "/uploads/fedcba9876543210fedcba98.webp" }),
    ).toEqual({ rating: null, image: "/uploads/fedcba9876543210fedcba98.webp" });
    expect(changedHotelFields({ ...loaded, priceIndicator: null }, unchanged)).toEqual({ priceIndicator: "££" });
  });
});
