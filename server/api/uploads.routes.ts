import { createRoute, z } from "@hono/zod-openapi";
import { MAX_UPLOAD_BYTES } from "~/features/uploads/uploads.schema";
import { AppError } from "~/lib/app-error";
import { adminErrors, errorResponse } from "../errors";
import { adminOnly, type Api } from "./api-env";
import { limitBody } from "./body-limit";

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

const file = z.file().openapi({ type: "string", format: "binary" });
const fileField = z.union([file, z.array(file)]).optional();

/** The form's files, from either field name, however many were sent: the handler says why it refuses. */
const uploadForm = z
  .object({ image: fileField, file: fileField.describe("the same, under the other name clients use") })
  .transform(({ image, file }) => [image, file].flat().filter((f) => f !== undefined));

const uploadRoute = createRoute({
  middleware: [adminOnly, limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, "Max file size 50MB")] as const,
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
