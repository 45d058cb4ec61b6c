import { createRoute, z } from "@hono/zod-openapi";
import { actorCan } from "~/lib/access";
import type { MiddlewareHandler } from "hono";
import { isoDay, timeSlotField } from "~/features/bookings/bookings.schema";
import {
  WAITLIST_ENTRY_STATUSES,
  waitlistDaySchema,
  waitlistOfferPageSchema,
  waitlistRequestSchema,
} from "~/features/waitlist/waitlist.schema";
import { notFound } from "~/lib/app-error";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { countPerAddress, requestToday, type Api, type ApiEnv, type ApiOptions } from "./api-env";
import { WRONG_TOKENS_PER_MINUTE } from "./manage-link.routes";
import { deletedSchema, emptyJsonBody, insertedSchema, jsonResponse } from "./openapi-responses";

const joinBody = waitlistRequestSchema({ today: requestToday }).meta({
  id: "WaitlistRequest",
  description:
    "A booking body with `slots`, the arrival windows that would do (empty: any window of the day), instead of one " +
    "preferredTimeSlot. A signed-in member's e-mail is the account's.",
});

const joinRoute = createRoute({
  method: "post",
  path: "/waitlist",
  summary: "Wait for a place on a full or closed day",
  description:
    "Checked and priced as a booking would be. One live entry per e-mail and day. The customer is e-mailed that they " +
    "are on the list, with a link to leave it; a place already free for the visit is offered at once. When a place " +
    "frees that fits, the first fitting entry (in the order they joined) is e-mailed an offer that holds it for the " +
    "Booking Settings' offerHoldMinutes.",
  request: { body: { required: true, content: { "application/json": { schema: joinBody } } } },
  responses: {
    201: jsonResponse(insertedSchema, "On the list"),
    400: errorResponse("Invalid request, with a message per field"),
    409: errorResponse("Already on the list for that day, the day too far ahead, or no window that fits the visit"),
    429: errorResponse("Too many requests from this address"),
  },
});

const dayRoute = createRoute({
  method: "get",
  path: "/waitlist",
  summary: "A day's waitlist: who, what, since when, offers made",
  request: { query: z.object({ date: isoDay }) },
  responses: { 200: jsonResponse(waitlistDaySchema, "The day's entries and demand"), ...adminErrors },
});

const demandRoute = createRoute({
  method: "get",
  path: "/waitlist/demand",
  summary: "How many people waited for each day: to plan staff",
  request: { query: z.object({ from: isoDay, to: isoDay }) },
  responses: {
    200: jsonResponse(z.array(z.object({ date: z.string(), waited: z.number() })), "Each day with entries"),
    ...adminErrors,
  },
});

const idParam = z.object({ id: textField().max(40) });

const removeRoute = createRoute({
  method: "delete",
  path: "/waitlist/{id}",
  summary: "Remove an entry (its held place goes on to the next)",
  request: { params: idParam },
  responses: {
    200: jsonResponse(deletedSchema, "Removed"),
    404: errorResponse("No such entry"),
    409: errorResponse("The entry is no longer waiting"),
    ...adminErrors,
  },
});

const offerRoute = createRoute({
  method: "post",
  path: "/waitlist/{id}/offer",
  summary: "Offer a place to this entry by hand, whatever its place in the line",
  request: {
    params: idParam,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ slot: timeSlotField }).strict() } },
    },
  },
  responses: {
    201: jsonResponse(insertedSchema, "Offered: the place is held and the customer e-mailed"),
    400: errorResponse("Not one of the day's windows"),
    404: errorResponse("No such entry"),
    409: errorResponse("The slot is full, the visit does not fit it, or the entry no longer waits or holds an offer"),
    ...adminErrors,
  },
});

const tokenParam = z.object({ token: z.string().max(100).describe("The last path segment of the e-mail's link") });
const tokenNotFound = errorResponse("No offer or entry has this token (one changed character is enough)");

const offerPageRoute = createRoute({
  method: "get",
  path: "/waitlist/offers/{token}",
  summary: "An offered place, as its link's page shows it",
  request: { params: tokenParam },
  responses: { 200: jsonResponse(waitlistOfferPageSchema, "The offer"), 404: tokenNotFound },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/waitlist/offers/{token}/accept",
  summary: "Book the offered place (one tap)",
  description:
    "Books the held place with the same rules as POST /api/bookings: a pending booking with its manage token. An " +
    "offer whose hold has lapsed is refused (409) and the place goes to the next entry.",
  request: { params: tokenParam, body: emptyJsonBody },
  responses: {
    201: jsonResponse(
      insertedSchema.extend({
        manageToken: z.string().describe("The booking's manage link is /booking/manage/{manageToken}"),
      }),
      "Booked",
    ),
    404: tokenNotFound,
    409: errorResponse(
      "The offer lapsed, was declined, withdrawn or already accepted, or the customer's limits refuse it",
    ),
  },
});

const declineRoute = createRoute({
  method: "post",
  path: "/waitlist/offers/{token}/decline",
  summary: "Decline the offered place: it goes to the next entry",
  request: { params: tokenParam, body: emptyJsonBody },
  responses: {
    200: jsonResponse(z.object({ acknowledged: z.boolean(), status: z.literal("declined") }), "Declined"),
    404: tokenNotFound,
    409: errorResponse("The offer is no longer open"),
  },
});

const leavePageRoute = createRoute({
  method: "get",
  path: "/waitlist/leave/{token}",
  summary: "The entry a leave link names",
  request: { params: tokenParam },
  responses: {
    200: jsonResponse(
      z.object({ date: z.string(), fullName: z.string(), status: z.enum(WAITLIST_ENTRY_STATUSES) }),
      "The entry",
    ),
    404: tokenNotFound,
  },
});

const leaveRoute = createRoute({
  method: "post",
  path: "/waitlist/leave/{token}",
  summary: "Leave the waitlist (from the e-mail's link)",
  request: { params: tokenParam, body: emptyJsonBody },
  responses: {
    200: jsonResponse(
      z.object({ acknowledged: z.boolean(), status: z.enum(WAITLIST_ENTRY_STATUSES) }),
      "Left (or where the entry already was)",
    ),
    404: tokenNotFound,
  },
});

type WaitlistRouteOptions = Pick<ApiOptions, "trustedProxies" | "bookingsPerMinute" | "rateLimiters">;

export function registerWaitlistRoutes(api: Api, options: WaitlistRouteOptions) {
  // Joining counts as a booking request does: per address, for visitors and members (the team at the counter is not counted).
  const joins = options.rateLimiters("waitlist", { max: options.bookingsPerMinute, windowMs: 60_000 });
  const limitJoins: MiddlewareHandler<ApiEnv> = async (c, next) => {
    if (!actorCan(await c.var.actor(), "desk"))
      await countPerAddress(c, joins, options.trustedProxies, "Too many requests. Please wait a minute and try again.");
    await next();
  };
  // Tokens the server did not sign are counted per address, before the database is asked.
  const wrong = options.rateLimiters("waitlist-token", { max: WRONG_TOKENS_PER_MINUTE, windowMs: 60_000 });
  const signed =
    (read: (c: Parameters<MiddlewareHandler<ApiEnv>>[0], token: string) => string | null): MiddlewareHandler<ApiEnv> =>
    async (c, next) => {
      if (read(c, c.req.param("token") ?? "") !== null) {
        await next();
        c.header("Cache-Control", "private, no-store");
        return;
      }
      await countPerAddress(
        c,
        wrong,
        options.trustedProxies,
        "Too many attempts from your connection. Please wait a minute.",
      );
      throw notFound("Offer");
    };
  const offerToken = signed((c, token) => c.var.services.waitlistLinks.offerIdFromToken(token));
  const leaveToken = signed((c, token) => c.var.services.waitlistLinks.entryIdFromToken(token));

  api.openapi({ ...joinRoute, middleware: [limitJoins] as const }, async (c) =>
    c.json(await c.var.services.waitlist.join(await c.var.actor(), c.req.valid("json")), 201),
  );
  api.openapi(demandRoute, async (c) => {
    const { from, to } = c.req.valid("query");
    return c.json(await c.var.services.waitlist.demand(await c.var.actor(), from, to), 200);
  });
  api.openapi(dayRoute, async (c) =>
    c.json(await c.var.services.waitlist.day(await c.var.actor(), c.req.valid("query").date), 200),
  );
  api.openapi({ ...offerPageRoute, middleware: [offerToken] as const }, async (c) => {
    const page = await c.var.services.waitlist.offerPage(c.req.valid("param").token);
    if (!page) throw notFound("Offer");
    return c.json(page, 200);
  });
  api.openapi({ ...acceptRoute, middleware: [offerToken] as const }, async (c) =>
    c.json(await c.var.services.waitlist.accept(c.req.valid("param").token), 201),
  );
  api.openapi({ ...declineRoute, middleware: [offerToken] as const }, async (c) =>
    c.json(await c.var.services.waitlist.decline(c.req.valid("param").token), 200),
  );
  api.openapi({ ...leavePageRoute, middleware: [leaveToken] as const }, async (c) => {
    const page = await c.var.services.waitlist.leavePage(c.req.valid("param").token);
    if (!page) throw notFound("Waitlist entry");
    return c.json(page, 200);
  });
  api.openapi({ ...leaveRoute, middleware: [leaveToken] as const }, async (c) =>
    c.json(await c.var.services.waitlist.leave(c.req.valid("param").token), 200),
  );
  api.openapi(removeRoute, async (c) =>
    c.json(await c.var.services.waitlist.remove(await c.var.actor(), c.req.valid("param").id), 200),
  );
  api.openapi(offerRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await c.var.services.waitlist.offerByHand(await c.var.actor(), id, c.req.valid("json").slot), 201);
  });
}
