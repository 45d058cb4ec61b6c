import { count, desc, eq, ilike, or } from "drizzle-orm";
import { AppError, notFound } from "~/lib/app-error";
import { containsPattern } from "~/lib/like-pattern";
import { isObjectId } from "~/lib/object-id";
import type { Database } from "~/.server/db/client";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { users, type UserRow } from "~/.server/db/schema";
import { actorCan, requireActor, requireJob, type Actor } from "~/lib/access";
import { roleOf, type Role } from "~/lib/roles";
import { writeRole } from "./user-roles.server";
import type { OwnProfileInput, PublicUser, UserListQuery } from "./users.schema";

const unchanged = { acknowledged: true, matchedCount: 1, modifiedCount: 0 };

/** An admin's refusal to change their own role: another admin can. */
export const OWN_ROLE = "You can't change your own role: another administrator can.";

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: roleOf(row.role),
    permission: row.permission,
    photo: row.photo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Users administration; each function takes the acting user and decides what they may do. */
export function createUserService(db: Database) {
  return {
    /** GET /api/user/admin/:email — a member may only ask about themself. */
    async isAdmin(actor: Actor | null, email: string): Promise<boolean> {
      const caller = requireActor(actor);
      const wanted = email.trim().toLowerCase();
      if (!actorCan(caller, "users") && wanted !== caller.email.toLowerCase()) {
        throw new AppError("forbidden", "You may only ask about your own account.");
      }
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, wanted)).limit(1);
      return row?.role === "admin";
    },

    /** POST /api/user — updates the caller's own name and photo; never anyone else's. */
    async upsertOwnProfile(actor: Actor | null, input: OwnProfileInput) {
      const caller = requireActor(actor);
      if (input.email !== undefined && input.email.toLowerCase() !== caller.email.toLowerCase()) {
        throw new AppError("forbidden", "You may only update your own account.");
      }
      const [current] = await db
        .select({ name: users.name, photo: users.photo })
        .from(users)
        .where(eq(users.id, caller.id));
      if (!current) throw new AppError("unauthorized", "Please log in.");
      const next = { name: input.name, photo: input.photo === undefined ? current.photo : input.photo };
      const changed = next.name !== current.name || next.photo !== current.photo;
      if (changed)
        await db
          .update(users)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(users.id, caller.id));
      return { acknowledged: true, matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null };
    },

    /** GET /api/user — newest first, searchable by name or e-mail, one page at a time. */
    async listUsers(actor: Actor | null, query: UserListQuery) {
      requireJob(actor, "users");
      const pattern = query.q ? containsPattern(query.q) : undefined;
      const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { items: rows.map(toPublicUser), total: totals?.total ?? 0 };
    },

    /**
     * PUT /api/user/:id/role — any of the four roles, by an admin: never their own (no admin locks
     * themself out; another admin can), never the last admin's (writeRole, under its lock).
     */
    async setRole(actor: Actor | null, id: string, role: Role) {
      const caller = requireJob(actor, "users");
      if (id === caller.id) {
        if (role !== caller.role) throw new AppError("conflict", OWN_ROLE);
        return { ...unchanged, role };
      }
      return changeRole(caller, id, role);
    },

    /** PATCH /api/user/admin/:id (the specification's promote) — setRole to admin. */
    async promoteUser(actor: Actor | null, id: string) {
      const caller = requireJob(actor, "users");
      if (id === caller.id) return unchanged;
      const { role: _, ...result } = await changeRole(caller, id, "admin");
      return result;
    },

    /**
     * DELETE /api/user/admin/:id — an admin becomes a member again (setRole to member, only from
     * admin: staff and managers keep theirs): never oneself, never the last admin.
     */
    async demoteUser(actor: Actor | null, id: string) {
      const caller = requireJob(actor, "users");
      if (id === caller.id) throw new AppError("conflict", "You can't remove your own admin rights.");
      const { role: _, ...result } = await changeRole(caller, id, "member", "admin");
      return result;
    },

    /**
     * DELETE /api/user/:id — the user and (by foreign key) their sessions and logins.
     * Admins are locked while counting, so two admins deleting each other cannot both succeed.
     */
    async deleteUser(actor: Actor | null, id: string) {
      const caller = requireJob(actor, "users");
      const who = auditActor(caller);
      if (id === caller.id) throw new AppError("conflict", "You can't delete your own account.");
      const target = await findUser(id);
      return db.transaction(async (tx) => {
        if (target.role === "admin") {
          const admins = await lockAdmins(tx);
          if (admins.length <= 1) throw new AppError("conflict", "The last administrator can't be deleted.");
        }
        const deleted = await tx
          .delete(users)
          .where(eq(users.id, target.id))
          .returning({ name: users.name, email: users.email, role: users.role });
        if (deleted[0])
          await recordChange(tx, who, {
            kind: "user.delete",
            subjectType: "user",
            subjectId: target.id,
            // Who it was: the record is how the shop later knows which account went, and by whose hand.
            summary: `Account of ${deleted[0].name || deleted[0].email} (${deleted[0].role}) deleted`,
            before: deleted[0],
            after: null,
          });
        return { acknowledged: true, deletedCount: deleted.length };
      });
    },

    async countAdmins(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
      return row?.n ?? 0;
    },
  };

  /** Every admin's id, their rows locked: two changes that count admins queue up, so neither leaves none. */
  function lockAdmins(tx: Pick<Database, "select">) {
    return tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
  }

  /** The one path of every admin's role change: writeRole in a transaction of its own. */
  async function changeRole(caller: Actor, id: string, role: Role, onlyFrom?: Role) {
    if (!isObjectId(id)) throw notFound("User");
    const written = await db.transaction((tx) => writeRole(tx, auditActor(caller), id, role, { onlyFrom }));
    return { acknowledged: true, matchedCount: 1, modifiedCount: written.changed ? 1 : 0, role: written.role };
  }

  async function findUser(id: string): Promise<UserRow> {
    if (!isObjectId(id)) throw notFound("User");
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound("User");
    return row;
  }
}

export type UserService = ReturnType<typeof createUserService>;
