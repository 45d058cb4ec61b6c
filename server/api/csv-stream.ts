/**
 * A CSV answer written a batch at a time (the bookings and customers exports), the first batch
 * already read so a query that fails answers an error instead. A batch that fails later errors the
 * stream, so the server cuts the answer off rather than ending it as if the list were complete.
 */
export function csvStream<T>(
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
