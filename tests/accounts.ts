import { and, eq, like } from "drizzle-orm";
import { expect } from "vitest";
import { ROLE_LABELS, type Role } from "~/lib/roles";
import { outbox, users } from "~/.server/db/schema";
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

/**
 * Signs up through better-auth's real endpoint, as a browser on the site would. The account is
 * then verified (as if its owner had opened the link, whose e-mail is taken out of the outbox),
 * unless `verified: false`: tests of e-mail ownership follow the link themselves.
 */
export async function signUp(
  t: TestApp,
  {
    verified = true,
    ...overrides
  }: Partial<Pick<TestAccount, "name" | "email" | "password">> & { verified?: boolean } = {},
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
  if (verified) {
    const { db } = t.database;
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, body.user.id));
    await db
      .delete(outbox)
      .where(and(eq(outbox.to, account.email.toLowerCase()), like(outbox.subject, "Confirm your e-mail%")));
  }
  return { ...account, id: body.user.id, cookie: sessionCookie(response) };
}

export async function signUpAdmin(t: TestApp): Promise<TestAccount> {
  return signUpAs(t, "admin");
}

/** A new account of this role (the owner's doing: the role is set in the database). */
export async function signUpAs(t: TestApp, role: Role): Promise<TestAccount> {
  const account = await signUp(t, { name: `${ROLE_LABELS[role]} Person` });
  if (role !== "member") await t.database.db.update(users).set({ role }).where(eq(users.id, account.id));
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

/**
 * A role short of a job is refused in the words of the least role the job asks for
 * (app/lib/access.ts): the answer every guarded route gives it.
 */
export const refusedForRole = {
  status: 403,
  body: {
    error: {
      code: "forbidden",
      message: expect.stringMatching(
        /^Only (the shop's staff|managers and administrators|administrators) may do this\.$/,
      ) as unknown as string,
    },
  },
};
