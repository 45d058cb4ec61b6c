import { describe, expect, it } from "vitest";
import { newObjectId } from "~/lib/object-id";
import { createManageLinks } from "./manage-token.server";

const links = createManageLinks("a secret only the server knows");
const id = newObjectId();

describe("manage links", () => {
  it("name the booking they were made for", () => {
    const token = links.manageToken(id);
    expect(token).toMatch(/^[0-9a-f]{24}\.[A-Za-z0-9_-]{32}$/);
    expect(links.bookingIdFromToken(token)).toBe(id);
  });

  it("refuse a token with any one character changed", () => {
    const token = links.manageToken(id);
    for (let i = 0; i < token.length; i++) {
      const changed = token[i] === "a" ? "b" : "a";
      const forged = token.slice(0, i) + changed + token.slice(i + 1);
      expect(links.bookingIdFromToken(forged), `character ${i}`).toBeNull();
    }
  });

  it("refuse a token cut short, lengthened, upper-cased or made with another secret", () => {
    const token = links.manageToken(id);
    expect(links.bookingIdFromToken(token.slice(0, -1))).toBeNull();
    expect(links.bookingIdFromToken(`${token}a`)).toBeNull();
    expect(links.bookingIdFromToken(token.toUpperCase())).toBeNull();
    expect(links.bookingIdFromToken(createManageLinks("another secret").manageToken(id))).toBeNull();
    expect(links.bookingIdFromToken("")).toBeNull();
  });

  it("differ between bookings", () => {
    expect(links.manageToken(newObjectId())).not.toBe(links.manageToken(id));
  });

  it("make the page's address from the public URL", () => {
    expect(links.manageUrl("https://sparkle.example/", id)).toBe(
      `https://sparkle.example/booking/manage/${links.manageToken(id)}`,
    );
  });
});
