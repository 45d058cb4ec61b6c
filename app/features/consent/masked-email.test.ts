import { describe, expect, it } from "vitest";
import { maskedEmail } from "./masked-email";

describe("maskedEmail", () => {
  it("keeps the first character and the domain", () => {
    expect(maskedEmail("maria.garcia@example.com")).toBe("m•••@example.com");
    expect(maskedEmail("é@example.com")).toBe("é•••@example.com");
  });
  it("gives nothing away from something that is no address", () => {
    expect(maskedEmail("nobody")).toBe("•••");
    expect(maskedEmail("@example.com")).toBe("•••");
  });
});
