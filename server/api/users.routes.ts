import { createRoute, z } from "@hono/zod-openapi";
import {
  ownProfileSchema,
  publicUserSchema,
  roleChangeSchema,
  userListQuerySchema,
} from "~/features/users/users.schema";
import { textField } from "~/lib/text-field";
import { errorResponse } from "../errors";
import { type Api } from "./api-env";
import { deletedSchema, jsonResponse, updatedSchema } from "./openapi-responses";

const user = publicUserSchema.meta({ id: "User" });
const idParam = z.object({ id: textField().describe("the user's _id") });
const refusals = { 401: errorResponse("Not signed in"), 403: errorResponse("Not allowed for this caller") };

const isAdminRoute = createRoute({
  method: "get",
  path: "/user/admin/{email}",
  summary: "Whether an e-mail belongs to an administrator",
  description: "A member may ask only about their own e-mail; an admin about anyone.",
  request: { params: z.object({ email: textField().max(254) }) },
  responses: { 200: jsonResponse(z.object({ admin: z.boolean() }), "The answer"), ...refusals },
});

const upsertRoute = createRoute({
  method: "post",
  path: "/user",
  summary: "Update the caller's own user record (name, photo)",
  description: "Never another user's; a password is refused (400), it belongs to /api/auth only.",
  request: { body: { content: { "application/json": { schema: ownProfileSchema } }, required: true } },
  responses: {
    200: jsonResponse(updatedSchema.extend({ upsertedId: z.null() }), "Saved"),
    400: errorResponse("Invalid body"),
    ...refusals,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/user",
  summary: "List users (admins), newest first",
  description: "Search with `q` (name or e-mail); bounded by `limit`/`offset`; total in `X-Total-Count`.",
  request: { query: userListQuerySchema },
  responses: { 200: jsonResponse(z.array(user), "A page of users"), 400: errorResponse("Invalid query"), ...refusals },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/user/{id}",
  summary: "Delete a user and end their sessions (admins)",
  description: "An admin cannot delete themself (409), and the last admin cannot be deleted (409).",
  request: { params: idParam },
  responses: {
    200: jsonResponse(deletedSchema, "Deleted"),
    404: errorResponse("No user has this id"),
    409: errorResponse("Refused by a rule"),
    ...refusals,
  },
});

const promoteRoute = createRoute({
  method: "patch",
  path: "/user/admin/{id}",
  summary: "Promote a user to admin (admins)",
  description: "The specification's promote: `PUT /api/user/{id}/role` with admin. One's own: nothing changes.",
  request: {
    params: idParam,
    body: {
      required: false,
      content: { "application/json": { schema: z.object({}).describe("Nothing is needed: the path names the user") } },
    },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Promoted, or already an admin"),
    404: errorResponse("No user has this id"),
    ...refusals,
  },
});

const demoteRoute = createRoute({
  method: "delete",
  path: "/user/admin/{id}",
  summary: "Make an admin a member again (admins)",
  description:
    "The specification's demote: `PUT /api/user/{id}/role` with member, for an admin only (a staff member or " +
    "manager keeps their role: modifiedCount 0). Never oneself (409), never the last admin (409, also when two " +
    "admins demote each other at once).",
  request: { params: idParam },
  responses: {
    200: jsonResponse(updatedSchema, "A member now, or was one already"),
    404: errorResponse("No user has this id"),
    409: errorResponse("Refused by a rule"),
    ...refusals,
  },
});

const setRoleRoute = createRoute({
  method: "put",
  path: "/user/{id}/role",
  summary: "Set a user's role: member, staff, manager or admin (admins)",
  description:
    "Takes effect from the user's next request (the role is read from the database on every one) and is " +
    "recorded in the audit trail as user.role, before and after. Never one's own role (409: another admin can " +
    "change it), never the last admin's (409, also when two admins change each other's at once). An unknown " +
    "role is 400 with the field's message. `PATCH` and `DELETE /api/user/admin/{id}` are this call with admin " +
    "and member.",
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: roleChangeSchema.meta({ id: "RoleChange" }) } } },
  },
  responses: {
    200: jsonResponse(
      updatedSchema.extend({ role: roleChangeSchema.shape.role.describe("the user's role now") }),
      "Set, or the user had this role already (modifiedCount 0)",
    ),
    400: errorResponse("No role, or not one of the four"),
    404: errorResponse("No user has this id"),
    409: errorResponse("Refused by a rule: one's own role, or the last admin"),
    ...refusals,
  },
});

export function registerUserRoutes(api: Api) {
  api.openapi(setRoleRoute, async (c) =>
    c.json(
      await c.var.services.users.setRole(await c.var.actor(), c.req.valid("param").id, c.req.valid("json").role),
      200,
    ),
  );
  api.openapi(isAdminRoute, async (c) =>
    c.json({ admin: await c.var.services.users.isAdmin(await c.var.actor(), c.req.valid("param").email) }, 200),
  );
  api.openapi(upsertRoute, async (c) =>
    c.json(await c.var.services.users.upsertOwnProfile(await c.var.actor(), c.req.valid("json")), 200),
  );
  api.openapi(listRoute, async (c) => {
    const page = await c.var.services.users.listUsers(await c.var.actor(), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items, 200);
  });
  api.openapi(deleteRoute, async (c) =>
    c.json(await c.var.services.users.deleteUser(await c.var.actor(), c.req.valid("param").id), 200),
  );
  api.openapi(demoteRoute, async (c) =>
    c.json(await c.var.services.users.demoteUser(await c.var.actor(), c.req.valid("param").id), 200),
  );
  api.openapi(promoteRoute, async (c) =>
    c.json(await c.var.services.users.promoteUser(await c.var.actor(), c.req.valid("param").id), 200),
  );
}
