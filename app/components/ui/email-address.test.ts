import { describe, expect, it } from "vitest";
import { emailParts } from "./email-address";

describe("emailParts", () => {
  it("wraps before the @ and before each dot of the domain, never inside the name", () => {
    expect(emailParts("jordan.rivera@mail.example.com")).toEqual(["jordan.rivera", "@mail", ".example", ".com"]);
  });

  it("keeps the parts whole: joined, they are the address", () => {
    const email = "tester-4f2a9c1b@example.com";
    expect(emailParts(email).join("")).toBe(email);
  });

  it("leaves something that is not an address as it is", () => {
    expect(emailParts("no-address")).toEqual(["no-address"]);
    expect(emailParts("@example.com")).toEqual(["@example.com"]);
  });
});
