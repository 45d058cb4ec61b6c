import { createRoute, z } from "@hono/zod-openapi";
import type { AdjustableClock } from "~/.server/clock";
import { adminErrors } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const clockSchema = z.object({
  now: z.iso.datetime({ offset: true, message: "Give the moment as an ISO date-time" }),
});
const movedSchema = z.object({
  now: z.string(),
  queued: z.record(z.string(), z.number().int()).describe("messages each kind of follow-up queued"),
});

const route = createRoute({
  method: "put",
  path: "/test-clock",
  summary: "Move the follow-ups' clock and run them (end-to-end tests only: TEST_CLOCK=true)",
  description:
    "Sets the time the follow-ups (due reminders, their follow-ups, review requests) run by, then runs them once. " +
    "Exists only on a server started with TEST_CLOCK=true; bookings and sessions keep the real time.",
  request: { body: { content: { "application/json": { schema: clockSchema } }, required: true } },
  responses: { 200: jsonResponse(movedSchema, "The clock moved; what the follow-ups queued"), ...adminErrors },
});

/** Registered only with TEST_CLOCK=true (app/.server/clock.ts): elsewhere the path is an unknown route (404). */
export function registerTestClockRoutes(api: Api) {
  api.openapi(route, async (c) => {
    const { services } = c.var;
    const { now } = c.req.valid("json");
    if (!("set" in services.clock)) throw new Error("The clock cannot be moved: start with TEST_CLOCK=true.");
    (services.clock as AdjustableClock).set(new Date(now));
    const queued = await services.followUps.runDue();
    return c.json({ now: services.clock.now().toISOString(), queued }, 200);
  });
}
