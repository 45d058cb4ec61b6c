import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_UPLOAD_BYTES } from "~/features/uploads/uploads.server";
import { AppError } from "~/lib/app-error";
import type { Api } from ".";
import { adminErrors, errorResponse } from "../errors";
import type { Services } from "~/.server/services";
import { actorOf, adminOnly } from "./request-actor";

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

const uploadRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [
      admin,
      bodyLimit({
        maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
        onError: () => {
          throw new AppError("payload_too_large", "Max file size 50MB");
        },
      }),
    ] as const,
    method: "post",
    path: "/uploads",
    summary: "Upload one image, PDF or video (admins)",
    description:
      "multipart/form-data with one file in the field `image` (or `file`), at most 50 MB. JPEG, PNG, PDF or MP4, judged by " +
      "the content; a name or declared type that disagrees with it is refused. Images are re-encoded to WebP (at most 2048 px, " +
      "metadata removed); images over 40 megapixels are refused before decoding.",
    responses: {
      200: {
        description: "Stored; display_url is where the site serves it",
        content: {
          "application/json": {
            schema: z.object({ success: z.literal(true), data: z.object({ display_url: z.string() }) }),
          },
        },
      },
      400: errorResponse("Not an accepted file"),
      ...adminErrors,
      413: errorResponse("Max file size 50MB"),
    },
  });

export function registerUploadRoutes(api: Api, services: Services) {
  api.openapi(uploadRoute(adminOnly(services) as MiddlewareHandler), async (c) => {
    const form = await c.req.parseBody({ all: true }).catch(() => {
      throw new AppError("validation_failed", "Send the file as multipart/form-data.");
    });
    const files = [form.image, form.file].flat().filter((v): v is File => v instanceof File);
    if (files.length === 0)
      throw new AppError("validation_failed", "Image required", { image: "Please select an image." });
    if (files.length > 1)
      throw new AppError("validation_failed", "Upload one file at a time.", { image: "Upload one file at a time." });
    return c.json(await services.uploads.upload(await actorOf(c, services), files[0]!), 200);
  });
}
