import { z } from "zod";
import { pageSearch } from "./page-search";

export const PAGE_DEFAULT_LIMIT = 50;
export const PAGE_MAX_LIMIT = 200;
const limitMessage = `limit must be between 1 and ${PAGE_MAX_LIMIT}`;

/** `?limit&offset` of every list: bounded, so no list ever returns a whole table. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, limitMessage).max(PAGE_MAX_LIMIT, limitMessage).default(PAGE_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

const pageNumberQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .transform((page) => Math.min(page, 100_000)),
});

/** `?page=N` of a dashboard list (1-based, at most 100,000; bad values read as 1) as limit and offset. */
export function pageFromUrl(url: URL, size: number): PageQuery & { page: number } {
  const { page = 1 } = pageSearch(url, pageNumberQuery);
  return { page, limit: size, offset: (page - 1) * size };
}
