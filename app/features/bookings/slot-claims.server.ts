/**
 * THE RULE IS IN SQL. A slot's capacity (at most `bays` live bookings), a closed date and a
 * customer's limits are enforced by the PostgreSQL function claim_place, whose one current text is
 * drizzle/functions/claim_place.sql (applied by migration 0013; decision 024 says why it stays SQL).
 * This file builds the call (claimPlaceCall) and reads the places held for the availability shown
 * (heldPlaces); docs/booking-write-path.md follows a booking from the request to the outbox.
 */
import { and, between, count, eq, ne, sql, type Query, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookings, waitlistOffers } from "~/.server/db/schema";
import { ANYTIME, bookingRequestLimits } from "./bookings.schema";
import { occupiedSlots, slotHolders } from "./slot-plan";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

export const SLOT_FULL = "That time slot is full. Please choose another.";

/** Places taken per date and bay slot: date → slot label → live bookings holding a bay in it. */
export type HeldPlaces = Map<string, Map<string, number>>;

/**
 * The bay places live bookings and open waitlist offers hold from `from` to `to`, in two queries:
 * each is grouped by date, arrival slot and length, and each group counts in every slot its length
 * overlaps (a 4-hour wash arriving at 09:00 holds a place at 09:00 and at 11:00). 'Anytime' holds none.
 */
export async function heldPlaces(
  executor: Reader,
  from: string,
  to: string,
  windows: readonly string[],
  excludeId?: string,
): Promise<HeldPlaces> {
  const groups = await executor
    .select({
      date: bookings.preferredDate,
      slot: bookings.preferredTimeSlot,
      minutes: bookings.durationMinutes,
      n: count(),
    })
    .from(bookings)
    .where(
      and(
        between(bookings.preferredDate, from, to),
        ne(bookings.status, "cancelled"),
        ne(bookings.preferredTimeSlot, ANYTIME),
        excludeId ? ne(bookings.id, excludeId) : undefined,
      ),
    )
    .groupBy(bookings.preferredDate, bookings.preferredTimeSlot, bookings.durationMinutes);
  // An open offer holds its place as a booking would (claim_place counts it the same way).
  const offered = await executor
    .select({
      date: waitlistOffers.date,
      slot: waitlistOffers.slot,
      minutes: waitlistOffers.durationMinutes,
      n: count(),
    })
    .from(waitlistOffers)
    .where(and(between(waitlistOffers.date, from, to), eq(waitlistOffers.status, "open")))
    .groupBy(waitlistOffers.date, waitlistOffers.slot, waitlistOffers.durationMinutes);
  const held: HeldPlaces = new Map();
  for (const group of [...groups, ...offered]) {
    let day = held.get(group.date);
    if (!day) held.set(group.date, (day = new Map()));
    for (const slot of occupiedSlots(group.slot, group.minutes, windows)) day.set(slot, (day.get(slot) ?? 0) + group.n);
  }
  return held;
}

/** What claim_place answers (drizzle/functions/claim_place.sql): the place is claimed, or what refused it. */
export type ClaimOutcome = "claimed" | "closed" | "too many that day" | "too many upcoming" | "full";

export interface PlaceToClaim {
  date: string;
  slot: string;
  /** The visit's length: which slots it holds (occupiedSlots). */
  minutes: number;
  /** Whether the booking comes to this date now: a closed date refuses only those. */
  newDate: boolean;
  /** The customer whose bookings count against their limits (none for an admin's booking). */
  customer?: string;
  /** The booking being moved, which counts neither in the slots nor against its customer. */
  excludeId?: string;
  /** The waitlist offer being accepted: its held place is the one this booking takes, so it counts no more. */
  offerId?: string;
  /** Bays per slot (the booking rules). */
  bays: number;
  /** The arrival windows' labels (the booking rules): the slots a visit can hold. */
  windows: string[];
  /** The business's today: the customer's upcoming bookings are those from it on. */
  today: string;
}

/**
 * The call that claims a place, as an SQL value (ClaimOutcome), for a transaction to run or a
 * statement to write on only when it says 'claimed': claim_place takes the customer's lock (when
 * `customer` is given: their requests queue up) and then every slot's the booking occupies, in
 * BAY_SLOTS order, so two claims that share any lock queue up and never wait on each other. After
 * the locks it refuses a closed date, one more booking than the customer may hold, and a slot with
 * no bay left, each counted exactly (every booking that holds a slot took its lock).
 */
export function claimPlaceCall(place: PlaceToClaim): SQL<ClaimOutcome> {
  const values = claimArguments(place).map((value, i) =>
    // An array is one parameter, not a list of them.
    Array.isArray(value)
      ? sql`${sql.param(value)}::${sql.raw(CLAIM_CASTS[i]!)}`
      : sql`${value}::${sql.raw(CLAIM_CASTS[i]!)}`,
  );
  return sql<ClaimOutcome>`claim_place(${sql.join(values, sql`, `)})`;
}

/**
 * The same call as a statement's text and values, for a booking request's one statement
 * (insertWhen): the text is made once, where Drizzle would build it from the SQL value on every
 * request.
 */
export function claimPlaceQuery(place: PlaceToClaim): Query {
  return { sql: CLAIM_TEXT, params: claimArguments(place) };
}

/** claim_place's parameters' types, in its order (drizzle/functions/claim_place.sql). */
const CLAIM_CASTS = [
  ...["text[]", "date", "boolean", "text", "date", "integer", "integer"],
  ...["varchar", "integer", "text[]", "text[]", "integer[]", "varchar"],
];
const CLAIM_TEXT = `claim_place(${CLAIM_CASTS.map((cast, i) => `$${i + 1}::${cast}`).join(", ")})`;

/** claim_place's arguments for `place`, in CLAIM_CASTS's order. */
function claimArguments(place: PlaceToClaim): unknown[] {
  const occupies = occupiedSlots(place.slot, place.minutes, place.windows);
  const keys = [
    ...(place.customer ? [`customer:${place.customer}`] : []),
    ...occupies.map((s) => `slot:${place.date}:${s}`),
  ];
  const holders = occupies.flatMap((slot) => slotHolders(slot, place.windows).map((holder) => ({ slot, ...holder })));
  return [
    keys,
    place.date,
    place.newDate,
    place.customer ?? null,
    place.today,
    bookingRequestLimits.perDay,
    bookingRequestLimits.upcoming,
    place.excludeId ?? null,
    place.bays,
    holders.map((h) => h.slot),
    holders.map((h) => h.arrival),
    holders.map((h) => h.longerThan),
    place.offerId ?? null,
  ];
}
