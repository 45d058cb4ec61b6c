import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { AppError, notFound } from "~/lib/app-error";
import { fieldMessages, handleApiError } from "../errors";
import type { Services } from "~/.server/services";
import { renderApiReference } from "./api-reference-page";
import { registerAuthRoutes } from "./auth.routes";
import { registerBookingSettingsRoutes } from "./booking-settings.routes";
import { registerBookingRoutes, type BookingRouteOptions } from "./bookings.routes";
import { registerHealthRoutes } from "./health.routes";
import { registerOutboxRoutes } from "./outbox.routes";
import { registerPlanRoutes } from "./plans.routes";
import { registerUploadRoutes } from "./uploads.routes";
import type { ApiEnv } from "./request-actor";
import { registerUserRoutes } from "./users.routes";

export type Api = OpenAPIHono<ApiEnv>;

const JSON_BODY_LIMIT = 1024 * 1024;

export function createApi(services: Services, options: BookingRouteOptions): Api {
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

  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError("validation_failed", "The request body is too large.");
    },
  });
  // Uploads set their own, larger limit.
  api.use("*", (c, next) => (c.req.path === "/api/uploads" ? next() : jsonLimit(c, next)));
  registerHealthRoutes(api, services);
  registerPlanRoutes(api, services);
  registerAuthRoutes(api, services, options);
  registerUserRoutes(api, services);
  registerOutboxRoutes(api, services);
  registerUploadRoutes(api, services);
  registerBookingRoutes(api, services, options);
  registerBookingSettingsRoutes(api, services, options);

  const info = {
    title: "Car wash API",
    version: "1.0.0",
    description: "Catalogue, bookings and accounts of the car wash site.",
  };
  api.doc31("/openapi.json", { openapi: "3.1.0", info, servers: [{ url: "/api" }] });
  api.get("/docs", (c) => c.html(renderApiReference(api.getOpenAPI31Document({ openapi: "3.1.0", info }))));
  api.all("*", () => {
    throw notFound("API route");
  });
  api.onError(handleApiError);
  return api;
}
