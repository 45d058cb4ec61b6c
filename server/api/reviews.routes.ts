import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  adminReviewQuerySchema,
  adminReviewSchema,
  COMMENT_MAX,
  publishedReviewsSchema,
  reviewInputSchema,
  reviewModerationSchema,
} from "~/features/reviews/reviews.schema";
import { pageQuerySchema } from "~/lib/pagination";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { countPerAddress, type Api, type ApiEnv, type ApiOptions } from "./api-env";
import { insertedSchema, jsonResponse, updatedSchema } from "./openapi-responses";

/** Reviews one address may send in a minute: a household's visits, never a flood of guessed links. */
export const REVIEWS_PER_MINUTE = 10;

const publishedRoute = createRoute({
  method: "get",
  path: "/reviews",
  summary: "Published reviews, newest first, with their average and count",
  description:
    "Only reviews an admin published (or 4–5 star reviews published at once when the admin allows it). Each names " +
    "the customer by first name and last initial, the service and the visit's month. average and count are of every " +
    "published review; X-Total-Count is count.",
  request: { query: pageQuerySchema },
  responses: {
    200: jsonResponse(publishedReviewsSchema.meta({ id: "PublishedReviews" }), "A page of published reviews"),
    400: errorResponse("Invalid limit or offset"),
  },
});

const moderationListRoute = createRoute({
  method: "get",
  path: "/reviews/moderation",
  summary: "Every review with its customer and visit, those waiting first (admins)",
  request: { query: adminReviewQuerySchema },
  responses: {
    200: jsonResponse(z.array(adminReviewSchema.meta({ id: "AdminReview" })), "A page of reviews"),
    400: errorResponse("Invalid status, limit or offset"),
    ...adminErrors,
  },
});

const submitRoute = createRoute({
  method: "post",
  path: "/reviews/{id}",
  summary: "Review a visit through the link of its review request (no account needed)",
  description:
    "rating is a whole number from 1 to 5; comment is optional plain text, trimmed, at most " +
    `${COMMENT_MAX} characters; other fields are refused. One review per visit: a second answers 409. ` +
    "1–3 stars wait for the admin and are e-mailed to the business at once; 4–5 stars are published at once only " +
    `when the admin allows it. At most ${REVIEWS_PER_MINUTE} a minute from one address.`,
  request: {
    // One parameter name per path: to a client, PATCH /reviews/{id}'s id and this token are one path.
    params: z.object({ id: textField().max(100).describe("The token of the review request's link") }),
    body: {
      required: true,
      content: { "application/json": { schema: reviewInputSchema.meta({ id: "NewReview" }) } },
    },
  },
  responses: {
    201: jsonResponse(insertedSchema, "Stored"),
    400: errorResponse("Invalid body: a message per field"),
    404: errorResponse("No visit has this link (one changed character is enough), or the visit is gone"),
    409: errorResponse("The visit was reviewed already, or is not collected yet"),
    429: errorResponse("Too many reviews from this address"),
  },
});

const moderateRoute = createRoute({
  method: "patch",
  path: "/reviews/{id}",
  summary: "Publish or hide a review, and reply publicly (admins)",
  description:
    "status published shows it on the site (its publishedAt is the first publication's moment), hidden takes it off. " +
    "reply is the shop's public answer, plain text at most 1,000 characters; an empty reply removes it.",
  request: {
    params: z.object({ id: textField().describe("the review's _id") }),
    body: {
      required: true,
      content: { "application/json": { schema: reviewModerationSchema.meta({ id: "ReviewModeration" }) } },
    },
  },
  responses: {
    200: jsonResponse(updatedSchema, "Changed (modifiedCount 0: it already was so)"),
    400: errorResponse("Invalid body: a message per field"),
    404: errorResponse("No such review"),
    ...adminErrors,
  },
});

/** Reviews are counted per address before the body is read, whatever their link. */
function limitReviews(options: Pick<ApiOptions, "trustedProxies" | "rateLimiters">): MiddlewareHandler<ApiEnv> {
  const limiter = options.rateLimiters("reviews", { max: REVIEWS_PER_MINUTE, windowMs: 60_000 });
  return async (c, next) => {
    await countPerAddress(
      c,
      limiter,
      options.trustedProxies,
      "Too many reviews from your connection. Please wait a minute.",
    );
    await next();
  };
}

export function registerReviewRoutes(api: Api, options: Pick<ApiOptions, "trustedProxies" | "rateLimiters">) {
  api.openapi(publishedRoute, async (c) => {
    const page = await c.var.services.reviews.listPublished(c.req.valid("query"));
    c.header("X-Total-Count", String(page.count));
    return c.json(page, 200);
  });

  api.openapi(moderationListRoute, async (c) => {
    const page = await c.var.services.reviews.listReviews(await c.var.actor(), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items, 200);
  });

  api.openapi({ ...submitRoute, middleware: [limitReviews(options)] as const }, async (c) =>
    c.json(await c.var.services.reviews.submit(c.req.valid("param").id, c.req.valid("json")), 201),
  );

  api.openapi(moderateRoute, async (c) =>
    c.json(
      await c.var.services.reviews.moderate(await c.var.actor(), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );
}
