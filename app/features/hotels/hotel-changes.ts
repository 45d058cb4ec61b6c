import type { HotelEntry, HotelFormInput, HotelFormValues } from "~/features/plans/plans.schema";

/** A hotel entry as its form saves it: the form's fields and the photo's address. */
export type SavedHotel = HotelFormValues & { image: string | null };

type LoadedHotel = Pick<HotelEntry, "hotelName" | "hotelDescription" | "rating" | "priceIndicator" | "image">;

/** The form's starting text for an entry (an entry with no price indicator asks for one). */
export function hotelFormDefaults(hotel: LoadedHotel): HotelFormInput {
  return {
    hotelName: hotel.hotelName,
    hotelDescription: hotel.hotelDescription,
    rating: hotel.rating === null ? "" : String(hotel.rating),
    priceIndicator: hotel.priceIndicator ?? ("" as HotelFormInput["priceIndicator"]),
  };
}

/**
 * What the edit form changed: only fields whose values differ from the entry as loaded, so that
 * PATCH /api/hotels/{id} leaves the rest as it is (a field edited and put back is not sent).
 */
export function changedHotelFields(original: LoadedHotel, edited: SavedHotel): Partial<SavedHotel> {
  const changes: Partial<SavedHotel> = {};
  if (edited.hotelName !== original.hotelName.trim()) changes.hotelName = edited.hotelName;
  if (edited.hotelDescription !== original.hotelDescription.trim()) changes.hotelDescription = edited.hotelDescription;
  if (edited.rating !== original.rating) changes.rating = edited.rating;
  if (edited.priceIndicator !== original.priceIndicator) changes.priceIndicator = edited.priceIndicator;
  if (edited.image !== original.image) changes.image = edited.image;
  return changes;
}
