import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAs, jsonPost, sessionCookie, signUp, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";
import { sessions } from "~/.server/db/schema";
import { DEVICES_SHOWN } from "~/features/security/security.server";
import { newObjectId } from "~/lib/object-id";

const t = setupTestApp({ env: { TRUST_PROXY: "1" } });

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const LAPTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";

/** Another session of `account`, signed in from a device at an address. */
async function signInOn(account: TestAccount, userAgent: string, address: string): Promise<TestAccount> {
  const init = jsonPost({ email: account.email, password: account.password });
  const response = await t.request("/api/auth/sign-in/email", {
    ...init,
    headers: { ...(init.headers as Record<string, string>), "User-Agent": userAgent, "X-Forwarded-For": address },
  });
  expect(response.status).toBe(200);
  return { ...account, cookie: sessionCookie(response) };
}

interface Device {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

async function devices(account: TestAccount): Promise<Device[]> {
  const { status, body } = await callAs(t, account, "/api/sessions");
  expect(status).toBe(200);
  return body as Device[];
}

const stillSignedIn = async (account: TestAccount) => (await callAs(t, account, "/api/vehicles")).status === 200;

let owner: TestAccount;
let phone: TestAccount;
let laptop: TestAccount;

beforeAll(async () => {
  owner = await signUp(t);
  phone = await signInOn(owner, PHONE, "203.0.113.7");
  laptop = await signInOn(owner, LAPTOP, "198.51.100.20");
});

describe("signed-in devices", () => {
  it("lists the account's own sessions in words, this device first", async () => {
    expect((await callAs(t, null, "/api/sessions")).status).toBe(401);
    const list = await devices(phone);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ device: "Chrome on Android", ipAddress: "203.0.113.7", current: true });
    expect(list.filter((d) => d.current)).toHaveLength(1);
    expect(list.map((d) => d.device)).toContain("Firefox on Mac");
    for (const d of list) expect(new Date(d.signedInAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(list)).not.toMatch(/token/i);
    // Another account sees only its own.
    const stranger = await signUp(t);
    expect(await devices(stranger)).toHaveLength(1);
  });

  it("signs out one device, and never another account's", async () => {
    const stranger = await signUp(t);
    const laptopSession = (await devices(laptop)).find((d) => d.current)!;
    const strangers = await callAs(t, stranger, `/api/sessions/${laptopSession.id}`, { method: "DELETE" });
    expect(strangers).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    expect(await stillSignedIn(laptop)).toBe(true);

    const signedOut = await callAs(t, phone, `/api/sessions/${laptopSession.id}`, { method: "DELETE" });
    expect(signedOut).toEqual({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await stillSignedIn(phone)).toBe(true);
    expect((await devices(phone)).map((d) => d.id)).not.toContain(laptopSession.id);
  });

  it("signs out every other device, keeping this one", async () => {
    const other = await signInOn(owner, LAPTOP, "198.51.100.21");
    expect(await stillSignedIn(owner)).toBe(true);
    const answer = await callAs(t, phone, "/api/sessions", { method: "DELETE" });
    expect(answer).toEqual({ status: 200, body: { acknowledged: true, deletedCount: 2 } });
    expect(await stillSignedIn(owner)).toBe(false);
    expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(phone)).toBe(true);
    expect(await devices(phone)).toHaveLength(1);
  });

  it("lists at most the newest 50, this device first however old, and signs the rest out too", async () => {
    const busy = await signUp(t);
    // This device signed in a day ago; the others since.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await t.database.db
      .update(sessions)
      .set({ createdAt: dayAgo, updatedAt: dayAgo })
      .where(eq(sessions.userId, busy.id));
    const long = Date.now() + 30 * 24 * 60 * 60 * 1000;
    // An API client that signs in for each call: 60 sessions, each used a minute after the one before.
    await t.database.db.insert(sessions).values(
      Array.from({ length: 60 }, (_, i) => ({
        id: newObjectId(),
        token: `busy-${busy.id}-${i}`,
        userId: busy.id,
        expiresAt: new Date(long),
        createdAt: new Date(Date.now() - (60 - i) * 60_000),
        updatedAt: new Date(Date.now() - (60 - i) * 60_000),
      })),
    );
    const list = await devices(busy);
    expect(list).toHaveLength(DEVICES_SHOWN);
    expect(list[0]).toMatchObject({ current: true, lastActiveAt: dayAgo.toISOString() });
    const others = list.slice(1).map((d) => d.lastActiveAt);
    expect(others).toEqual([...others].sort().reverse());
    const answer = await callAs(t, busy, "/api/sessions", { method: "DELETE" });
    expect(answer).toEqual({ status: 200, body: { acknowledged: true, deletedCount: 60 } });
    expect(await devices(busy)).toHaveLength(1);
  });
});
