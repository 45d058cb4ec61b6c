import { describe, expect, it } from "vitest";
import { CLOSED_DATE, REBOOK_REFUSED } from "~/features/bookings/bookings.schema";
import { ALREADY_CANCELLED, VISIT_HAPPENED } from "~/features/bookings/change-window";
import { TOO_LATE } from "~/features/bookings/booking-refusals.server";
import { SLOT_FULL } from "~/features/bookings/slot-claims.server";
import { ALREADY_WAITING } from "~/features/waitlist/waitlist-context";
import { API_MESSAGES, apiMessageIn } from "./api-messages";

describe("the API's messages in the request's language", () => {
  it("list the specification's fixed refusals byte for byte, so each has its Spanish", () => {
    for (const message of [
      SLOT_FULL,
      TOO_LATE,
      CLOSED_DATE,
      REBOOK_REFUSED,
      ALREADY_WAITING,
      VISIT_HAPPENED,
      ALREADY_CANCELLED,
    ])
      expect(API_MESSAGES).toContain(message);
  });

  it("answer a listed message in Spanish, English as it is, and an unlisted one as it is", () => {
    expect(apiMessageIn("es", SLOT_FULL)).toBe("Ese horario está lleno. Elige otro, por favor.");
    expect(apiMessageIn("en", SLOT_FULL)).toBe(SLOT_FULL);
    expect(apiMessageIn("es", "Year must be ≤ 2027")).toBe("Year must be ≤ 2027");
  });
});
