import { AppError } from "./app-error";
import { can, JOBS, type Job } from "./permissions";
import type { Role } from "./roles";

export type { Role } from "./roles";

/** The signed-in person as the server knows them: what every access decision reads. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Whether they proved the address is theirs: only then are bookings made with it as a visitor theirs. */
  emailVerified: boolean;
}

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError("unauthorized", "Please log in.");
  return actor;
}

/** The 403's words: who may do it, by the least role the job asks for. */
const REFUSALS: Record<Exclude<Role, "member">, string> = {
  staff: "Only the shop's staff may do this.",
  manager: "Only managers and administrators may do this.",
  admin: "Only administrators may do this.",
};

/** The signed-in person, if their role may do `job` (app/lib/permissions.ts): else 401 or 403. */
export function requireJob(actor: Actor | null, job: Job): Actor {
  const signedIn = requireActor(actor);
  if (!can(signedIn.role, job)) throw new AppError("forbidden", REFUSALS[JOBS[job]]);
  return signedIn;
}

/** Whether this person (or a visitor: null) may do `job`. */
export function actorCan(actor: Actor | null | undefined, job: Job): boolean {
  return can(actor?.role, job);
}
