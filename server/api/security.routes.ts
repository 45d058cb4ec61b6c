import { createRoute, z } from "@hono/zod-openapi";
import { deviceSessionSchema, securitySettingsSchema } from "~/features/security/security.schema";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { deletedSchema, jsonResponse } from "./openapi-responses";

const settingsResponse = jsonResponse(securitySettingsSchema, "The security settings");
const notSignedIn = { 401: errorResponse("Not signed in") };

const getSettingsRoute = createRoute({
  method: "get",
  path: "/security-settings",
  summary: "Whether staff, managers and admins must use two-factor sign-in (admins)",
  responses: { 200: settingsResponse, ...adminErrors },
});

const updateSettingsRoute = createRoute({
  method: "put",
  path: "/security-settings",
  summary: "Require two-factor sign-in for staff, managers and admins, or not (admins)",
  description:
    "While on, a staff, manager or admin account without two-factor sign-in is taken to set it up before any " +
    "dashboard page opens. Members are never asked. Recorded in Activity.",
  request: { body: { required: true, content: { "application/json": { schema: securitySettingsSchema } } } },
  responses: { 200: settingsResponse, 400: errorResponse("Invalid body"), ...adminErrors },
});

const listDevicesRoute = createRoute({
  method: "get",
  path: "/sessions",
  summary: "The signed-in account's sessions: its signed-in devices",
  description: "This device first, then by when each was last used. Never another account's; no session token.",
  responses: { 200: jsonResponse(z.array(deviceSessionSchema), "The caller's sessions"), ...notSignedIn },
});

const signOutDeviceRoute = createRoute({
  method: "delete",
  path: "/sessions/{id}",
  summary: "Sign out one of the signed-in account's devices",
  request: { params: z.object({ id: textField().describe("the session's id from GET /api/sessions") }) },
  responses: {
    200: jsonResponse(deletedSchema, "Signed out"),
    404: errorResponse("No session of yours has this id (another account's is answered the same)"),
    ...notSignedIn,
  },
});

const signOutOthersRoute = createRoute({
  method: "delete",
  path: "/sessions",
  summary: "Sign out every device of the signed-in account but this one",
  responses: { 200: jsonResponse(deletedSchema, "The others signed out"), ...notSignedIn },
});

/** Two-factor sign-in's setting for the team and an account's signed-in devices (decision 050). */
export function registerSecurityRoutes(api: Api) {
  api.openapi(getSettingsRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.security.getSettings(await c.var.actor()), 200);
  });

  api.openapi(updateSettingsRoute, async (c) =>
    c.json(await c.var.services.security.updateSettings(await c.var.actor(), c.req.valid("json")), 200),
  );

  api.openapi(listDevicesRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.security.listDevices(await c.var.actor(), c.req.raw.headers), 200);
  });

  api.openapi(signOutDeviceRoute, async (c) => {
    await c.var.services.security.signOutDevice(await c.var.actor(), c.req.raw.headers, c.req.valid("param").id);
    return c.json({ acknowledged: true, deletedCount: 1 }, 200);
  });

  api.openapi(signOutOthersRoute, async (c) => {
    const deletedCount = await c.var.services.security.signOutOtherDevices(await c.var.actor(), c.req.raw.headers);
    return c.json({ acknowledged: true, deletedCount }, 200);
  });
}
