import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Auth } from "~/.server/auth";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import type { Database } from "~/.server/db/client";
import { appSettings, sessions, users } from "~/.server/db/schema";
import { requireActor, requireJob, type Actor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { atLeast } from "~/lib/roles";
import { deviceName } from "./device-name";
import {
  readSecuritySettings,
  SECURITY_SETTINGS_KEY,
  type DeviceSession,
  type SecuritySettings,
} from "./security.schema";

type Reader = Pick<Database, "select">;

/** How many of an account's sessions Signed-in devices lists: the newest; "Sign out all other devices" ends the rest too. */
export const DEVICES_SHOWN = 50;

/**
 * Two-factor sign-in as the dashboard needs it, the admins' security settings (kept in
 * app_settings, as the other settings are) and an account's signed-in devices (decision 050).
 */
export function createSecurity(db: Database, auth: Auth) {
  async function read(executor: Reader = db): Promise<SecuritySettings> {
    const [row] = await executor
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SECURITY_SETTINGS_KEY));
    return readSecuritySettings(row?.value);
  }

  /** Whether the account has two-factor sign-in on, and whether the shop requires it of them, in one query. */
  async function twoFactorStatus(actor: Actor): Promise<{ enabled: boolean; required: boolean }> {
    const [row] = await db
      .select({
        enabled: users.twoFactorEnabled,
        settings: sql<unknown>`(select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${SECURITY_SETTINGS_KEY})`,
      })
      .from(users)
      .where(eq(users.id, actor.id));
    const required = atLeast(actor.role, "staff") && readSecuritySettings(row?.settings).requireTwoFactorForTeam;
    return { enabled: Boolean(row?.enabled), required };
  }

  /** An account's own session of `id`, if it is still one: nobody reaches another person's. */
  async function ownSession(actor: Actor, id: string) {
    const [row] = await db
      .select({ token: sessions.token })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, actor.id), gt(sessions.expiresAt, new Date())));
    return row;
  }

  const setUpAsked = new WeakMap<Actor, Promise<boolean>>();

  return {
    twoFactorStatus,
    /**
     * Whether the account must set up two-factor sign-in before a dashboard page opens: staff,
     * managers and admins while an admin requires it, never members. Members cost no query.
     */
    mustSetUpTwoFactor(actor: Actor): Promise<boolean> {
      if (!atLeast(actor.role, "staff")) return Promise.resolve(false);
      // Once a request: getActor gives the page's loaders (the layout's and the page's) one Actor.
      let answer = setUpAsked.get(actor);
      if (!answer) {
        answer = twoFactorStatus(actor).then(({ enabled, required }) => required && !enabled);
        setUpAsked.set(actor, answer);
      }
      return answer;
    },
    async getSettings(actor: Actor | null): Promise<SecuritySettings> {
      requireJob(actor, "security");
      return read();
    },
    /** An admin's change, recorded with it in one transaction. */
    async updateSettings(actor: Actor | null, change: SecuritySettings): Promise<SecuritySettings> {
      const who = auditActor(requireJob(actor, "security"));
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SECURITY_SETTINGS_KEY}))`);
        const before = await read(tx);
        const value = { ...before, ...change };
        await tx
          .insert(appSettings)
          .values({ key: SECURITY_SETTINGS_KEY, value })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
        if (before.requireTwoFactorForTeam !== value.requireTwoFactorForTeam)
          await recordChange(tx, who, {
            kind: "settings.update",
            subjectType: "settings",
            subjectId: SECURITY_SETTINGS_KEY,
            summary: `Security settings: two-factor sign-in for staff, managers and admins ${
              value.requireTwoFactorForTeam ? "required" : "not required"
            }`,
            before: { requireTwoFactorForTeam: before.requireTwoFactorForTeam },
            after: { requireTwoFactorForTeam: value.requireTwoFactorForTeam },
          });
        return value;
      });
    },

    /**
     * The account's live sessions, this device's first, then by last use: at most DEVICES_SHOWN
     * (an API client may make a session a call). Read here rather than through better-auth's
     * list-sessions, which reads them all and answers each one's token.
     */
    async listDevices(actor: Actor | null, headers: Headers): Promise<DeviceSession[]> {
      const signedIn = requireActor(actor);
      const current = (await auth.api.getSession({ headers }))?.session.id ?? "";
      const rows = await db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, signedIn.id), gt(sessions.expiresAt, new Date())))
        .orderBy(sql`${sessions.id} = ${current} desc`, desc(sessions.updatedAt), desc(sessions.id))
        .limit(DEVICES_SHOWN);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        ipAddress: row.ipAddress ?? null,
        signedInAt: row.createdAt.toISOString(),
        lastActiveAt: row.updatedAt.toISOString(),
        current: row.id === current,
      }));
    },
    /** Signs out one of the account's own sessions (better-auth's revoke-session); another's is not found. */
    async signOutDevice(actor: Actor | null, headers: Headers, id: string): Promise<void> {
      const session = await ownSession(requireActor(actor), id);
      if (!session) throw notFound("Session");
      await auth.api.revokeSession({ headers, body: { token: session.token } });
    },
    /** Signs out every session of the account but this one (better-auth's revoke-other-sessions); answers how many. */
    async signOutOtherDevices(actor: Actor | null, headers: Headers): Promise<number> {
      const signedIn = requireActor(actor);
      const current = await auth.api.getSession({ headers });
      const others = await db.$count(
        sessions,
        and(
          eq(sessions.userId, signedIn.id),
          ne(sessions.id, current?.session.id ?? ""),
          gt(sessions.expiresAt, new Date()),
        ),
      );
      await auth.api.revokeOtherSessions({ headers });
      return others;
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurity>;
