import { createRoute, z } from "@hono/zod-openapi";
import {
  invitationInputSchema,
  invitationListQuerySchema,
  invitationSchema,
} from "~/features/users/invitations.schema";
import { ROLES } from "~/lib/roles";
import { textField } from "~/lib/text-field";
import { errorResponse } from "../errors";
import { type Api } from "./api-env";
import { deletedSchema, emptyJsonBody, insertedSchema, jsonResponse } from "./openapi-responses";

/**
 * Invitations to the team (issue 45): an admin invites an address as staff, manager or admin; the
 * e-mailed link `/invite/{token}` works once, for 7 days, for an account with that address.
 */
const refusals = { 401: errorResponse("Not signed in"), 403: errorResponse("Not an admin") };
const idParam = z.object({ id: textField().describe("the invitation's _id") });
const tokenParam = z.object({
  token: z.string().max(200).describe("The last path segment of the e-mailed link (/invite/{token})"),
});

const inviteRoute = createRoute({
  method: "post",
  path: "/invitations",
  summary: "Invite someone to the team (admins)",
  description:
    "E-mails `{email}` a signed link to /invite/{token}, through the outbox in the same transaction as the " +
    "invitation, valid for 7 days and once. Only the token's SHA-256 is stored. A pending invitation to the same " +
    "address is withdrawn (its link stops working). The address is checked as sign-up checks it and kept " +
    "lower-cased; the role is staff, manager or admin. Recorded in the audit trail (invitation.create).",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: invitationInputSchema.meta({ id: "InvitationInput" }) } },
    },
  },
  responses: {
    201: jsonResponse(
      insertedSchema.extend({ expiresAt: z.string().describe("when the link stops working (ISO 8601)") }),
      "Invited: the e-mail is in the outbox",
    ),
    400: errorResponse("A missing or invalid e-mail, or a role that is not staff, manager or admin"),
    ...refusals,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/invitations",
  summary: "List invitations, newest first (admins)",
  description:
    "Pending and past ones with their status (pending, accepted, expired, withdrawn); bounded by `limit`/`offset`, " +
    "the total in `X-Total-Count`. Never a link: only the invited address received it.",
  request: { query: invitationListQuerySchema },
  responses: {
    200: jsonResponse(z.array(invitationSchema.meta({ id: "Invitation" })), "A page of invitations"),
    400: errorResponse("Invalid query"),
    ...refusals,
  },
});

const withdrawRoute = createRoute({
  method: "delete",
  path: "/invitations/{id}",
  summary: "Withdraw an invitation (admins)",
  description:
    "Its link stops working (410 from then on). The row is kept, as withdrawn, for the Team page's list. One " +
    "that expired or was withdrawn already: deletedCount 0. One accepted already: 409 (change the role on All " +
    "Users instead). Recorded in the audit trail (invitation.withdraw).",
  request: { params: idParam },
  responses: {
    200: jsonResponse(deletedSchema, "Withdrawn (deletedCount 1), or nothing left to withdraw (0)"),
    404: errorResponse("No invitation has this id"),
    409: errorResponse("Accepted already"),
    ...refusals,
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/invitations/{token}/accept",
  summary: "Accept an invitation: its role becomes the signed-in account's",
  description:
    "For a signed-in account whose e-mail is the invited one. The role is set as `PUT /api/user/{id}/role` sets it " +
    "(recorded as user.role, before and after; never the last admin's). Once: of two acceptances at once, one " +
    "succeeds and the other is 410.",
  request: { params: tokenParam, body: emptyJsonBody },
  responses: {
    200: jsonResponse(
      z.object({
        acknowledged: z.boolean(),
        role: z.enum(ROLES).describe("the account's role now"),
        modifiedCount: z.number().describe("0 when the account had this role already"),
      }),
      "Accepted",
    ),
    401: errorResponse("Not signed in: sign up or log in with the invited e-mail first"),
    403: errorResponse("Signed in with another e-mail than the invited one"),
    404: errorResponse("No invitation has this token (one changed character is enough)"),
    409: errorResponse("It would leave the shop without an admin"),
    410: errorResponse("The invitation was used, has expired or was withdrawn"),
  },
});

export function registerInvitationRoutes(api: Api) {
  api.openapi(inviteRoute, async (c) =>
    c.json(await c.var.services.invitations.invite(await c.var.actor(), c.req.valid("json")), 201),
  );
  api.openapi(listRoute, async (c) => {
    const page = await c.var.services.invitations.list(await c.var.actor(), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items, 200);
  });
  api.openapi(withdrawRoute, async (c) =>
    c.json(await c.var.services.invitations.withdraw(await c.var.actor(), c.req.valid("param").id), 200),
  );
  api.openapi(acceptRoute, async (c) =>
    c.json(await c.var.services.invitations.accept(await c.var.actor(), c.req.valid("param").token), 200),
  );
}
