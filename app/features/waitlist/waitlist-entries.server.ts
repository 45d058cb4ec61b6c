import { eq } from "drizzle-orm";
import { actorCan, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { newObjectId } from "~/lib/object-id";
import { waitlistEntries } from "~/.server/db/schema";
import { customerLocale } from "~/.server/member-locale";
import { waitlistMessage } from "./waitlist-emails";
import { ALREADY_WAITING, type WaitlistContext, type WaitlistEntryRow } from "./waitlist-context";
import { placesFreedQuietly } from "./waitlist-offers.server";
import { endEntry, isOneLiveEntry, lockEntry } from "./waitlist-rows.server";
import type { WaitlistEntryStatus, WaitlistRequest } from "./waitlist.schema";

/** A customer's entry on a day's list: joining it, and leaving it from the e-mail's link. */

/**
 * A customer joins a day's list: checked and priced as a booking would be, one live entry per
 * e-mail and day, the "You're on the waitlist" e-mail stored with it. A place already free is
 * offered at once (the entry may be the first that fits it).
 */
export async function join(context: WaitlistContext, actor: Actor | null, body: WaitlistRequest) {
  const { db, places, clock, mailer, links } = context;
  const member = actor && !actorCan(actor, "desk") ? actor : null;
  const email = (member?.email ?? body.email ?? "").toLowerCase();
  if (!email)
    throw new AppError("validation_failed", "Please check the highlighted fields.", { email: "Email is required" });
  if (body.website) return { acknowledged: true, insertedId: newObjectId() };
  const { minutes, summary } = await places.joinChecks(actor, body);
  const { slots, website: _w, email: _e, ...rest } = body;
  const now = clock.now();
  // The offer's booking is made from the stored request, maybe by no one signed in: it keeps the language.
  const locale = await customerLocale(db, body.locale, member);
  // When each window would have the car arrive, as its booking would say it (shortened to finish by closing).
  const arrivals = await Promise.all(
    [...new Set(slots)].map((slot) => places.arrival(body.preferredDate, slot, minutes)),
  );
  const entry: WaitlistEntryRow = {
    id: newObjectId(now),
    date: body.preferredDate,
    slots: [...new Set(slots)],
    email,
    fullName: member && !body.fullName ? member.name : body.fullName,
    phone: body.phone,
    userId: member?.id ?? null,
    locale,
    request: { ...rest, locale } as Record<string, unknown>,
    durationMinutes: minutes,
    summary,
    status: "waiting",
    bookingId: null,
    createdAt: now,
    endedAt: null,
  };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(waitlistEntries).values(entry);
      await mailer.send(
        waitlistMessage("waitlist-joined", email, {
          fullName: entry.fullName,
          locale,
          date: entry.date,
          slots: entry.slots,
          arrivals: arrivals.filter((arrival) => arrival !== null),
          summary,
          leaveUrl: links.leaveUrl(entry.id),
        }),
        { executor: tx },
      );
    });
  } catch (error) {
    if (isOneLiveEntry(error)) throw new AppError("conflict", ALREADY_WAITING, { preferredDate: ALREADY_WAITING });
    throw error;
  }
  await placesFreedQuietly(context, [entry.date]);
  return { acknowledged: true, insertedId: entry.id };
}

/** The leave link's page: whose entry, for which day, and where it is; null for a link the server did not write. */
export async function leavePage(context: WaitlistContext, token: string) {
  const { db, links } = context;
  const id = links.entryIdFromToken(token);
  if (!id) return null;
  const [entry] = await db
    .select({ date: waitlistEntries.date, fullName: waitlistEntries.fullName, status: waitlistEntries.status })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id));
  return entry ? { ...entry, status: entry.status as WaitlistEntryStatus } : null;
}

/** The customer leaves the list from the e-mail: the entry ends (left), an open offer is withdrawn and goes on. */
export async function leave(context: WaitlistContext, token: string) {
  const { db, links } = context;
  const id = links.entryIdFromToken(token);
  if (!id) throw notFound("Waitlist entry");
  const result = await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, id);
    if (!entry) throw notFound("Waitlist entry");
    if (entry.status !== "waiting") return { status: entry.status as WaitlistEntryStatus, freed: undefined };
    return { status: "left" as const, freed: await endEntry(context, tx, entry, "left", "withdrawn") };
  });
  if (result.freed) await placesFreedQuietly(context, [result.freed.date]);
  return { acknowledged: true, status: result.status };
}
