/**
 * The four kinds of account, least to most trusted (issue 45): a customer, the person who runs the
 * day, the person who runs the shop, and the owner. Each role may do everything the one before it may.
 */
export const ROLES = ["member", "staff", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that work for the shop: the dashboard's desk is their home. */
export const TEAM_ROLES = ["staff", "manager", "admin"] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` is `least` or above it. */
export function atLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/** The role as the database holds it; anything unknown is a customer's (the least trusted). */
export function roleOf(value: unknown): Role {
  return isRole(value) ? value : "member";
}

/** How each role is named to people (All Users, invitations, the audit trail). */
export const ROLE_LABELS: Record<Role, string> = {
  member: "Member",
  staff: "Staff",
  manager: "Manager",
  admin: "Admin",
};
