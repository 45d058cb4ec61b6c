import { eq } from "drizzle-orm";
import { users } from "~/.server/db/schema";
import { TEST_ORIGIN, type TestApp } from "./test-app";

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  /** Cookie header of this account's session. */
  cookie: string;
}

let sequence = 0;

/** Signs up through better-auth's real endpoint, as a browser on the site would. */
export async function signUp(
  t: TestApp,
  overrides: Partial<Pick<TestAccount, "name" | "email" | "password">> = {},
): Promise<TestAccount> {
  sequence++;
  const account = {
    name: `Customer ${sequence}`,
    email: `customer${sequence}-${Date.now()}@example.com`,
    password: "wash-and-wax",
    ...overrides,
  };
  const response = await t.request("/api/auth/sign-up/email", jsonPost(account));
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { ...account, id: body.user.id, cookie: sessionCookie(response) };
}

export async function signUpAdmin(t: TestApp): Promise<TestAccount> {
  const account = await signUp(t, { name: "Admin Person" });
  await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, account.id));
  return account;
}

export async function signIn(t: TestApp, email: string, password: string): Promise<Response> {
  return t.request("/api/auth/sign-in/email", jsonPost({ email, password }));
}

export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** A JSON request as the site's own pages send it (better-auth checks the Origin of changes). */
export function jsonPost(body: unknown, init: { cookie?: string; method?: string } = {}): RequestInit {
  return {
    method: init.method ?? "POST",
    headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, ...(init.cookie && { Cookie: init.cookie }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

export function as(account: TestAccount | null, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  if (account) headers.set("Cookie", account.cookie);
  headers.set("Origin", TEST_ORIGIN);
  return { ...init, headers };
}

/** Calls the API as this account (null: a visitor): the status and the body, parsed when it is JSON. */
export async function callAs(t: TestApp, account: TestAccount | null, path: string, init: RequestInit = {}) {
  const response = await t.request(path, as(account, init));
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("json");
  return { status: response.status, body: text && isJson ? JSON.parse(text) : text || undefined };
}
