import { z } from "@hono/zod-openapi";

/** A JSON answer in a route's OpenAPI description. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/* The specification's MongoDB-style write results (docs/specification-quirks.md), shared by every route that answers one. */
export const insertedSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const updatedSchema = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number(),
  modifiedCount: z.number(),
});
export const deletedSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });

/** The body of an action that takes no fields: every write is JSON (the request guard refuses others). */
export const emptyJsonBody = {
  required: true,
  content: {
    "application/json": {
      schema: z.object({}).strict().meta({ id: "NoFields", description: "An empty JSON object: {}" }),
    },
  },
};
