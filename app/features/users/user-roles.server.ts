import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { recordChange, type AuditActor } from "~/.server/audit/audit-log";
import { users } from "~/.server/db/schema";
import { AppError, notFound } from "~/lib/app-error";
import { roleOf, type Role } from "~/lib/roles";
import { ROLE_WORDS } from "./role-words";

/** A transaction of the change (role changes always run in one: the admins are locked while counting). */
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The refusal when the shop would be left without an administrator. */
export const lastAdminMessage = (next: Role) => `The last administrator can't be made ${ROLE_WORDS[next]}.`;

export interface RoleWritten {
  /** The role before the change (the same as `role` when nothing changed). */
  from: Role;
  role: Role;
  changed: boolean;
}

/**
 * THE ONE PLACE a user's role changes (PUT /api/user/{id}/role, the seed's promote and demote, an
 * accepted invitation), inside the caller's transaction:
 * - every admin's row is locked first, then the target's, so two changes that each count the
 *   admins queue up and neither leaves none (two admins demoting each other at once: one wins);
 * - the role is read again under the lock: what was decided on an older read is decided again;
 * - `onlyFrom`: change it only from that role (the seed's DELETE takes only an admin's rights away);
 * - the change is recorded as user.role with before and after, in the same transaction.
 * The role is read from the database on every request, so the change holds from the next one.
 */
export async function writeRole(
  tx: Transaction,
  who: AuditActor,
  targetId: string,
  next: Role,
  { onlyFrom, because }: { onlyFrom?: Role; because?: string } = {},
): Promise<RoleWritten> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
  const [target] = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, targetId))
    .for("update");
  if (!target) throw notFound("User");
  const from = roleOf(target.role);
  if (from === next || (onlyFrom !== undefined && from !== onlyFrom)) return { from, role: from, changed: false };
  if (from === "admin" && admins.length <= 1) throw new AppError("conflict", lastAdminMessage(next));
  await tx.update(users).set({ role: next, updatedAt: new Date() }).where(eq(users.id, target.id));
  await recordChange(tx, who, {
    kind: "user.role",
    subjectType: "user",
    subjectId: target.id,
    // "Role of Dana Lee: member → staff (invitation from Sam Owner)".
    summary: `Role of ${target.name || target.email}: ${from} → ${next}${because ? ` (${because})` : ""}`,
    before: { role: from },
    after: { role: next },
  });
  return { from, role: next, changed: true };
}
