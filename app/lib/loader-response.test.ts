import { describe, expect, it } from "vitest";
import { AppError, notFound } from "./app-error";
import { foundOr404 } from "./loader-response";

describe("foundOr404", () => {
  it("passes what was found through", async () => {
    await expect(foundOr404(Promise.resolve("plan"))).resolves.toBe("plan");
  });

  it("answers not found with a 404 response", async () => {
    await expect(foundOr404(Promise.reject(notFound("Plan")))).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("lets any other failure through as it is", async () => {
    const forbidden = new AppError("forbidden", "Admins only.");
    await expect(foundOr404(Promise.reject(forbidden))).rejects.toBe(forbidden);
  });
});
