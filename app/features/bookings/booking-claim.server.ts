import { sql } from "drizzle-orm";
import { businessToday } from "~/lib/business-date";
import type { BookingServiceOptions } from "./booking-context";
import { refuseUnclaimed } from "./booking-refusals.server";
import type { BookingRules } from "./settings/booking-settings.server";
import { claimPlaceCall, type ClaimOutcome, type PlaceToClaim, type Tx } from "./slot-claims.server";
import { windowLabels } from "./shop-hours";

/** A place as a booking asks for it, before today's date and the rules' bays and windows are added. */
export type PlaceAsked = Omit<PlaceToClaim, "bays" | "today" | "windows">;

/** The place a booking is to hold, as claimPlaceCall takes it, judged by today's date and the rules' bays. */
export const toClaim = (timeZone: string, place: PlaceAsked, rules: BookingRules): PlaceToClaim => ({
  ...place,
  bays: rules.bays,
  windows: windowLabels(rules.shop),
  today: businessToday(timeZone),
});

/**
 * Claims the place a booking is to hold, for the rest of the transaction (claimPlaceCall: its
 * locks, then a closed date when it is `newDate`, the customer's limits when `customer` is given,
 * and the slots' bays), or refuses it. Answers the rules, which its e-mails need.
 */
export async function claimPlace(
  { settings, timeZone }: Pick<BookingServiceOptions, "settings" | "timeZone">,
  tx: Tx,
  place: PlaceAsked,
): Promise<BookingRules> {
  const rules = await settings.rules(tx);
  await claimOrRefuse(tx, toClaim(timeZone, place, rules));
  return rules;
}

/** Runs claimPlaceCall for a place in the caller's transaction, and refuses it if it is not claimed. */
export async function claimOrRefuse(tx: Tx, place: PlaceToClaim) {
  const result = (await tx.execute(sql`select ${claimPlaceCall(place)} as outcome`)) as unknown as {
    rows: { outcome: ClaimOutcome }[];
  };
  refuseUnclaimed(result.rows[0]!.outcome);
}
