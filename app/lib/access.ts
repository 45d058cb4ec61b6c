import { AppError } from "./app-error";
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

export function requireAdmin(actor: Actor | null): Actor {
  const signedIn = requireActor(actor);
  if (signedIn.role !== "admin") throw new AppError("forbidden", "Only administrators may do this.");
  return signedIn;
}
