import { can, type Job } from "./permissions";
import { useSessionUser } from "./use-session-user";

/**
 * Whether the signed-in person's role may do `job`: what a page shows (the server decides again).
 * Kept apart from use-session-user, which every public page's header loads: the permission table
 * is dashboard code (docs/benchmarks/006-javascript-budget.md, stop 54).
 */
export function useCan(job: Job): boolean {
  return can(useSessionUser()?.role, job);
}
