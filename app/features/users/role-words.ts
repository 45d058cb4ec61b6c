import type { Role } from "~/lib/roles";

/** How a role reads after "is now", "made" or "as": "a member", "staff", "a manager", "an administrator". */
export const ROLE_WORDS: Record<Role, string> = {
  member: "a member",
  staff: "staff",
  manager: "a manager",
  admin: "an administrator",
};

/** What each role may do, in short (issue 45's table): the role change's confirmation and the Team page say it. */
export const ROLE_MEANS: Record<Role, string> = {
  member: "Members are customers: they book and see their own bookings, and no dashboard pages of the shop's.",
  staff: "Staff run the day: the desk, bookings and visits, without prices, settings or reports.",
  manager: "Managers run the shop: the day, and prices, packages, settings, reviews and reports.",
  admin: "Administrators can do everything, including accounts, roles, invitations and backups.",
};
