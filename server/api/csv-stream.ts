import type { Context } from "hono";

/**
 * A CSV download of every batch (the bookings and customers exports). The first batch is read
 * before the 200 is sent: a query that fails answers an error, never a list that looks empty.
 */
export async function csvDownload<T>(
  c: Context,
  file: { name: string; header: string; rows: (batch: T[]) => string },
  batches: AsyncGenerator<T[]>,
) {
  const first = await batches.next();
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${file.name}"`);
  c.header("Cache-Control", "private, no-store");
  return c.body(csvStream(file.header, file.rows, first, batches), 200);
}

/**
 * The CSV written a batch at a time. A batch that fails later errors the stream, so the server
 * cuts the answer off rather than ending it as if the list were complete.
 */
function csvStream<T>(
  header: string,
  rows: (batch: T[]) => string,
  first: IteratorResult<T[]>,
  rest: AsyncIterator<T[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next: IteratorResult<T[]> | undefined = first;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      const batch = next ?? (await rest.next());
      next = undefined;
      if (batch.done) controller.close();
      else controller.enqueue(encoder.encode(rows(batch.value)));
    },
    async cancel() {
      await rest.return?.();
    },
  });
}
