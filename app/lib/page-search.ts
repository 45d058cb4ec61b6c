import type { z } from "zod";

/**
 * A page's query parameters, read through a schema (the API's own where the API takes the same
 * query), so they meet the API's text rules, lengths and date bounds before a loader uses them. A
 * value the schema refuses is left out, like an empty one: a page shows what it can rather than
 * fail (an unknown status, 2026-02-30 or a NUL in a search all read as no filter). Every page
 * loader reads its query through this; none reads `searchParams` itself.
 */
export function pageSearch<Shape extends z.ZodRawShape>(
  from: Request | URL | URLSearchParams,
  schema: z.ZodObject<Shape>,
): Partial<z.output<z.ZodObject<Shape>>> {
  const params = from instanceof URLSearchParams ? from : (from instanceof URL ? from : new URL(from.url)).searchParams;
  const read: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(params.get(key) ?? undefined);
    if (parsed.success && parsed.data !== undefined && parsed.data !== "") read[key] = parsed.data;
  }
  return read as Partial<z.output<z.ZodObject<Shape>>>;
}
