import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError, notFound } from "~/lib/app-error";
import type { Services } from "~/.server/services";
import { fieldMessages, handleApiError } from "../errors";
import { requestToday, setSchemaTimeZone, type Api, type ApiEnv, type ApiOptions } from "./api-env";
import { renderApiReference } from "./api-reference-page";
import { guardOperations } from "./operation-access";
import { registerAuditRoutes } from "./audit.routes";
import { registerAuthRoutes } from "./auth.routes";
import { registerBackupRoutes } from "./backups.routes";
import { readBody } from "./body-limit";
import { registerBoardEventRoutes } from "./board-events.routes";
import { registerBookingSettingsRoutes } from "./booking-settings.routes";
import { registerBookingRoutes } from "./bookings.routes";
import { registerCalendarFeedRoutes } from "./calendar-feed.routes";
import { registerConsentRoutes } from "./consent.routes";
import { registerAccountLanguageRoutes } from "./account-language.routes";
import { registerCustomerDataRoutes } from "./customer-data.routes";
import { registerCustomerRoutes } from "./customers.routes";
import { registerFollowUpRoutes } from "./follow-ups.routes";
import { registerReportRoutes } from "./reports.routes";
import { registerHealthRoutes } from "./health.routes";
import { registerInvitationRoutes } from "./invitations.routes";
import { registerManageLinkRoutes } from "./manage-link.routes";
import { registerOutboxRoutes } from "./outbox.routes";
import { registerPlanRoutes } from "./plans.routes";
import { registerPricingRoutes } from "./pricing.routes";
import { registerReviewRoutes } from "./reviews.routes";
import { registerSecurityRoutes } from "./security.routes";
import { registerTestClockRoutes } from "./test-clock.routes";
import { registerTillRoutes } from "./till.routes";
import { registerClubRoutes } from "./club.routes";
import { registerUploadRoutes } from "./uploads.routes";
import { registerUserRoutes } from "./users.routes";
import { registerVehicleRoutes } from "./vehicles.routes";
import { registerVisitDeskRoutes } from "./visit-desk.routes";
import { registerWaitlistRoutes } from "./waitlist.routes";

const JSON_BODY_LIMIT = 1024 * 1024;

export function createApi(services: Services, options: ApiOptions): Api {
  const api = new OpenAPIHono<ApiEnv>({
    // Every invalid body, param or query answers 400 with a message per field.
    defaultHook: (result) => {
      if (!result.success)
        throw new AppError(
          "validation_failed",
          "Please check the highlighted fields.",
          fieldMessages(result.error.issues),
        );
    },
  });

  setSchemaTimeZone(options.timeZone);
  api.use("*", (c, next) => {
    c.set("services", services);
    c.set("actor", () => services.getActor(c.req.raw.headers));
    c.set("today", requestToday);
    return next();
  });
  // A GET or HEAD has no body (the Node adapter gives it none), so the step below has no work to do
  // for one; it would still make the adapter build the whole WHATWG Request (an AbortController, a
  // Headers copy) only to find no body: 6% of a health request's time.
  const bodyless = (c: Context) => c.req.method === "GET" || c.req.method === "HEAD";
  // Every body but an upload's (its route sets its own, larger limit) is read whole here, refused
  // past 1 MB or, as JSON, past a few levels of nesting, better-auth's included.
  const body = readBody(JSON_BODY_LIMIT, "The request body is too large.");
  api.use("*", (c, next) => (bodyless(c) || c.req.path === "/api/uploads" ? next() : body(c, next)));
  guardOperations(api);
  registerHealthRoutes(api);
  registerPlanRoutes(api);
  registerPricingRoutes(api);
  registerAuthRoutes(api, options);
  registerUserRoutes(api);
  registerInvitationRoutes(api);
  registerOutboxRoutes(api);
  registerUploadRoutes(api);
  // Before the bookings' own routes: /bookings/manage/… is never a booking's id.
  registerManageLinkRoutes(api, options);
  registerBookingRoutes(api, options);
  registerVisitDeskRoutes(api);
  registerTillRoutes(api);
  registerClubRoutes(api);
  registerAuditRoutes(api);
  registerBoardEventRoutes(api, { heartbeatMs: options.boardHeartbeatMs });
  registerFollowUpRoutes(api);
  registerReportRoutes(api);
  registerBookingSettingsRoutes(api);
  registerCalendarFeedRoutes(api);
  registerBackupRoutes(api);
  registerVehicleRoutes(api);
  registerConsentRoutes(api);
  registerAccountLanguageRoutes(api);
  registerCustomerDataRoutes(api);
  registerCustomerRoutes(api);
  registerSecurityRoutes(api);
  registerReviewRoutes(api, options);
  registerWaitlistRoutes(api, options);
  if (options.testClock) registerTestClockRoutes(api);

  const info = {
    title: "Car wash API",
    version: "1.0.0",
    description: "Catalogue, bookings and accounts of the car wash site.",
  };
  // Both are generated from every route declaration (some 10 ms of the event loop each), so once, on
  // first use: the routes are all registered by then and never change.
  let document: object | undefined;
  let referencePage: ReturnType<typeof renderApiReference> | undefined;
  api.get("/openapi.json", (c) =>
    c.json((document ??= api.getOpenAPI31Document({ openapi: "3.1.0", info, servers: [{ url: "/api" }] }))),
  );
  api.get("/docs", (c) =>
    c.html((referencePage ??= renderApiReference(api.getOpenAPI31Document({ openapi: "3.1.0", info })))),
  );
  api.all("*", () => {
    throw notFound("API route");
  });
  api.onError(handleApiError);
  return api;
}
