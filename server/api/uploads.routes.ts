import { createRoute, z } from "@hono/zod-openapi";
import { MAX_UPLOAD_BYTES } from "~/features/uploads/uploads.schema";
import { AppError } from "~/lib/app-error";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { limitBody } from "./body-limit";
import { limitConcurrency } from "./concurrency-limit";

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

const file = z.file().openapi({ type: "string", format: "binary" });
const fileField = z.union([file, z.array(file)]).optional();

/** The form's files, from either field name, however many were sent: the handler says why it refuses. */
const uploadForm = z
  .object({ image: fileField, file: fileField.describe("the same, under the other name clients use") })
  .transform(({ image, file }) => [image, file].flat().filter((f) => f !== undefined));

/**
 * Uploads processed at once. Reading, checking and storing a 49 MB file holds about 4 copies of it
 * in memory; eight at once took the server from 0.5 to 2 GB (issue 24, finding 6). One at a time
 * keeps it within 250 MB of its resting size; an admin uploads one photo at a time, and a second
 * admin's upload in the same seconds is asked to try again.
 */
export const UPLOADS_AT_ONCE = 1;
export const UPLOAD_RETRY_AFTER_SECONDS = 5;
const BUSY = "Another upload is being processed. Try again in a few seconds.";

const uploadRoute = createRoute({
  middleware: [
    limitConcurrency(UPLOADS_AT_ONCE, { retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS, message: BUSY }),
    limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, "Max file size 50MB"),
  ] as const,
  method: "post",
  path: "/uploads",
  summary: "Upload one image, PDF or video (admins)",
  description:
    "One file in the field `image` (or `file`), at most 50 MB. JPEG, PNG, PDF or MP4, judged by the content; a name or " +
    "declared type that disagrees with it is refused. Images are re-encoded to WebP (at most 2048 px, metadata removed); " +
    "images over 40 megapixels are refused before decoding.",
  request: { body: { required: true, content: { "multipart/form-data": { schema: uploadForm } } } },
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
    503: errorResponse(`${BUSY} (Retry-After says when)`),
  },
});

export function registerUploadRoutes(api: Api) {
  api.openapi(uploadRoute, async (c) => {
    const files = c.req.valid("form");
    if (files.length === 0)
      throw new AppError("validation_failed", "Image required", { image: "Please select an image." });
    if (files.length > 1)
      throw new AppError("validation_failed", "Upload one file at a time.", { image: "Upload one file at a time." });
    return c.json(await c.var.services.uploads.upload(await c.var.actor(), files[0]!), 200);
  });
}
