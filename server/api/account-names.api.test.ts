import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonPost, signUp, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";
import { users } from "~/.server/db/schema";
import { PLAIN_TEXT_MESSAGE } from "~/lib/text-field";

/** better-auth's own sign-up and update-user keep the product's name rules (users.schema.ts). */
const t = setupTestApp();
let member: TestAccount;

beforeAll(async () => {
  member = await signUp(t, { name: "Robin Park" });
});

const storedName = async (id: string) =>
  (await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]?.name;

const BAD_NAMES: [string, unknown, string][] = [
  ["900,000 characters", "x".repeat(900_000), "At most 2048 characters"],
  ["81 characters", "x".repeat(81), "At most 80 characters"],
  ["blank", "   ", "Name is required"],
  ["a control character", "Robin\u0007Park", PLAIN_TEXT_MESSAGE],
  ["a line break", "Robin\nPark", PLAIN_TEXT_MESSAGE],
  ["null", null, "Name is required"],
  ["an object", { first: "Robin" }, "Name is required"],
  ["a number", 42, "Name is required"],
];

describe("sign-up", () => {
  it.each(BAD_NAMES)(
    "refuses a name of %s with 400 and the name's message, storing nothing",
    async (_l, name, message) => {
      const email = `named-${Date.now()}@example.com`;
      const response = await t.request("/api/auth/sign-up/email", jsonPost({ name, email, password: "wash-and-wax" }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
      expect(await t.database.db.$count(users, eq(users.email, email))).toBe(0);
    },
  );

  it("stores a good name trimmed", async () => {
    const account = await signUp(t, { name: "  Sam Lee  " });
    expect(await storedName(account.id)).toBe("Sam Lee");
  });
});

describe("update-user", () => {
  it.each(BAD_NAMES)("refuses a name of %s with 400 and keeps the old one", async (_l, name, message) => {
    const response = await t.request("/api/auth/update-user", jsonPost({ name }, { cookie: member.cookie }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    expect(await storedName(member.id)).toBe("Robin Park");
  });

  it("refuses an image that is not a web address", async () => {
    const response = await t.request("/api/auth/update-user", jsonPost({ image: { a: 1 } }, { cookie: member.cookie }));
    expect(response.status).toBe(400);
  });

  it("takes a good name, trimmed", async () => {
    const response = await t.request(
      "/api/auth/update-user",
      jsonPost({ name: " Robin P. " }, { cookie: member.cookie }),
    );
    expect(response.status).toBe(200);
    expect(await storedName(member.id)).toBe("Robin P.");
  });
});
