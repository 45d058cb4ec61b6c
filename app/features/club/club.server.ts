import type { Database } from "~/.server/db/client";
import type { Mailer } from "~/.server/mail/mailer";
import { findCover, useWash } from "./club-cover.server";
import { createClubPlans } from "./club-plans.server";
import { createMemberships } from "./memberships.server";
import type { ClubLookup } from "./club.schema";

/** The wash club (issue 47): plans, memberships, and the cover bookings ask for. */
export function createClub(db: Database, options: { mailer: Mailer }) {
  const lookup: ClubLookup = { findCover: (holder, visit) => findCover(db, holder, visit) };
  return {
    plans: createClubPlans(db),
    memberships: createMemberships(db, options),
    /** Handed to the booking service: whether the club covers a visit. */
    lookup,
    /** Handed to the visit desk: a pack's wash used when a covered visit is collected. */
    useWash,
  };
}

export type Club = ReturnType<typeof createClub>;
