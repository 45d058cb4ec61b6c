import { createRoute, z } from "@hono/zod-openapi";
import { FEED_DAYS_AFTER, FEED_DAYS_BEFORE, FEED_EVENTS_MAX } from "~/features/bookings/calendar-feed.server";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { emptyJsonBody, jsonResponse } from "./openapi-responses";

const feedUrlSchema = z
  .object({ url: z.string().describe("The feed's secret https URL; webcal:// in its place subscribes a calendar app") })
  .meta({ id: "CalendarFeedUrl" });

const urlRoute = createRoute({
  method: "get",
  path: "/calendar-feed",
  summary: "Your private calendar feed's URL, made on the first ask (admins)",
  responses: { 200: jsonResponse(feedUrlSchema, "The URL: the same on every ask until renewed"), ...adminErrors },
});

const renewRoute = createRoute({
  method: "post",
  path: "/calendar-feed/renew",
  summary: "A new calendar feed URL; the old one stops at once (admins)",
  request: { body: emptyJsonBody },
  responses: { 200: jsonResponse(feedUrlSchema, "The new URL"), ...adminErrors },
});

const feedRoute = createRoute({
  method: "get",
  path: "/calendar-feed/{file}",
  summary: "The shop's bookings as an iCalendar feed, for a calendar app (the URL is the only key)",
  description:
    `Live bookings from ${FEED_DAYS_BEFORE} days ago to ${FEED_DAYS_AFTER} days ahead (at most ${FEED_EVENTS_MAX}), ` +
    "one event per visit with the customer, phone, vehicle, service, add-ons, status and bay time. No cookie needed. " +
    "404 for a token that is unknown, renewed away, or whose admin is no longer one.",
  request: { params: z.object({ file: z.string().max(100).describe("<token>.ics") }) },
  responses: {
    200: { description: "An iCalendar file", content: { "text/calendar": { schema: z.string() } } },
    404: errorResponse("No such feed"),
  },
});

const NO_STORE = { "Cache-Control": "private, no-store" };

export function registerCalendarFeedRoutes(api: Api) {
  api.openapi(urlRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.calendarFeeds.feedUrl(await c.var.actor()), 200);
  });

  api.openapi(renewRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.calendarFeeds.renew(await c.var.actor()), 200);
  });

  api.openapi(feedRoute, async (c) => {
    const file = c.req.valid("param").file;
    const ics = file.endsWith(".ics") ? await c.var.services.calendarFeeds.feed(file.slice(0, -4)) : null;
    // One answer for every feed that is not: a guess learns nothing from it.
    if (ics === null) return c.text("No such calendar feed.", 404, NO_STORE);
    return c.body(ics, 200, { ...NO_STORE, "Content-Type": "text/calendar; charset=utf-8" });
  });
}
