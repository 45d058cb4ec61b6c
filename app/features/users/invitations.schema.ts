import { z } from "zod";
import { pageQuerySchema } from "~/lib/pagination";
import { ROLES, TEAM_ROLES, type Role } from "~/lib/roles";

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** The roles one is invited as: the team's (a customer needs no invitation: they sign up). */
export const INVITABLE_ROLES = TEAM_ROLES;
export const NOT_INVITABLE = "Invite as staff, manager or admin.";

/** POST /api/invitations: the address as sign-up checks it (users.schema.ts's signUpSchema), and a team role. */
export const invitationInputSchema = z
  .object({
    email: z
      .string({ message: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .max(254, "At most 254 characters")
      .pipe(z.email("Please enter a valid email address."))
      .transform((email) => email.toLowerCase()),
    role: z.enum(INVITABLE_ROLES, { message: NOT_INVITABLE }).describe("staff, manager or admin"),
  })
  .strict();
export type InvitationInput = z.input<typeof invitationInputSchema>;
export type InvitationValues = z.output<typeof invitationInputSchema>;

/** The refusals of a link, in the words the page and the API both say. */
export const INVITATION_INVALID =
  "This invitation link isn't valid. Check that the whole link was copied, or ask for a new invitation.";
export const INVITATION_USED = "This invitation has already been used.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask the shop for a new one.";
export const INVITATION_WITHDRAWN = "This invitation was withdrawn. Ask the shop for a new one.";
export const wrongAccount = (invited: string, signedIn: string) =>
  `This invitation is for ${invited}, and you're signed in as ${signedIn}. Log out, then sign up or log in with ${invited} to accept it.`;

export const INVITATION_STATUSES = ["pending", "accepted", "expired", "withdrawn"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation as GET /api/invitations lists it (never its link: that went to the address alone). */
export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.string().describe("the inviting admin's name, as it was"),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListQuerySchema = pageQuerySchema;

/** What /invite/<token> shows: who invited whom as what, and where the invitation stands for this visitor. */
export interface InvitationPage {
  email: string;
  role: Role;
  invitedBy: string;
  status: InvitationStatus;
  expiresAt: string;
  /** Who is looking: nobody signed in, the invited address, or another account (its address). */
  viewer: { kind: "visitor" } | { kind: "invitee"; acceptedIt: boolean } | { kind: "other"; email: string };
}
