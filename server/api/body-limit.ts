import { bodyLimit } from "hono/body-limit";
import { AppError } from "~/lib/app-error";

/** Refuses a body over `maxSize` bytes with 413 payload_too_large, the same answer on every route. */
export function limitBody(maxSize: number, message: string) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("payload_too_large", message);
    },
  });
}
