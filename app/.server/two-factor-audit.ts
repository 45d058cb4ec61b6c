import { roleOf } from "~/lib/roles";
import { auditActor, recordChange } from "./audit/audit-log";
import type { Database } from "./db/client";

/** The two-factor plugin's endpoints that turn it on (the first code confirmed) and off. */
const TURNED = { "/two-factor/verify-totp": true, "/two-factor/disable": false } as const;

interface UpdatedUser {
  id: string;
  name: string;
  email: string;
  role?: unknown;
  emailVerified: boolean;
  twoFactorEnabled?: unknown;
}

/**
 * better-auth's hook after a user row is written: turning two-factor sign-in on or off is recorded
 * like every other change (Dashboard → Activity), by the account itself. The plugin writes the
 * flag only when it changes (verify-totp sets it on the first confirmed code, not on a sign-in).
 */
export function twoFactorAudit(db: Database) {
  return async (user: UpdatedUser, ctx: { path?: string } | null) => {
    const path = ctx?.path;
    if (!path || !(path in TURNED)) return;
    const on = TURNED[path as keyof typeof TURNED];
    if (Boolean(user.twoFactorEnabled) !== on) return;
    const who = auditActor({ ...user, role: roleOf(user.role) });
    await recordChange(db, who, {
      kind: on ? "user.two-factor-on" : "user.two-factor-off",
      subjectType: "user",
      subjectId: user.id,
      summary: `Two-factor sign-in turned ${on ? "on" : "off"} for ${user.email}`,
      before: { twoFactorEnabled: !on },
      after: { twoFactorEnabled: on },
    });
  };
}
