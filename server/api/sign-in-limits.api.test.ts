import { describe, expect, it } from "vitest";
import { jsonPost, signUp, type TestAccount } from "../../tests/accounts";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";

// One proxy in front: the right-most X-Forwarded-For entry is the address it saw.
const t = setupTestApp({ env: { TRUST_PROXY: "1" }, rateLimit: { signIn: 5, signUp: 1000 } });

let lastAddress = 0;
/** A new address each call, as an attacker spreading guesses over many machines has. */
const freshAddress = () => `198.18.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

function signInFrom(forwardedFor: string, account: Pick<TestAccount, "email">, password: string) {
  const init = jsonPost({ email: account.email, password });
  return t.request("/api/auth/sign-in/email", {
    ...init,
    headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": forwardedFor },
  });
}

describe("sign-in attempts per account", () => {
  it("refuses the 11th failed attempt on one account from rotating addresses, and leaves other accounts alone", async () => {
    const target = await signUp(t);
    const bystander = await signUp(t);
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await signInFrom(freshAddress(), target, "wrong-guess")).status);
    expect(statuses).toEqual(Array(10).fill(401));

    const refused = await signInFrom(freshAddress(), { email: target.email.toUpperCase() }, "wrong-guess");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    expect((await refused.json()).message).toMatch(
      /^Too many sign-in attempts for this account\. Please try again in \d+ minutes?\.$/,
    );
    // Until the window ends even the right password is refused: the guesses cannot go on meanwhile.
    expect((await signInFrom(freshAddress(), target, target.password)).status).toBe(429);

    expect((await signInFrom(freshAddress(), bystander, "wrong-guess")).status).toBe(401);
    expect((await signInFrom(freshAddress(), bystander, bystander.password)).status).toBe(200);
  });

  it("leaves no way round in a URL-encoded form, which better-auth would also read: it is refused before any check", async () => {
    const target = await signUp(t);
    const asForm = () =>
      t.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: TEST_ORIGIN,
          "X-Forwarded-For": freshAddress(),
        },
        body: new URLSearchParams({ email: target.email, password: "wrong-guess" }).toString(),
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signInFrom(freshAddress(), target, "wrong-guess")).status);
    for (let i = 0; i < 6; i++) statuses.push((await asForm()).status);
    for (let i = 0; i < 6; i++) statuses.push((await signInFrom(freshAddress(), target, "wrong-guess")).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(6).fill(415), ...Array(5).fill(401), 429]);
  });

  it("does not count sign-ins that succeed", async () => {
    const owner = await signUp(t);
    for (let i = 0; i < 12; i++) expect((await signInFrom(freshAddress(), owner, owner.password)).status).toBe(200);
    expect((await signInFrom(freshAddress(), owner, "wrong-guess")).status).toBe(401);
  });

  it("stops simultaneous guesses at the limit, before their passwords are checked", { tags: ["engine"] }, async () => {
    const target = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => signInFrom(freshAddress(), target, "wrong-guess")),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe("the client address behind a trusted proxy", () => {
  it("is the right-most X-Forwarded-For entry: forged entries to its left do not escape the limit of 5", async () => {
    const account = await signUp(t);
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await signInFrom(`10.9.${i}.1, 172.16.0.${i}, 203.0.113.50`, account, "wrong")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The same forged entries from another client are that client's own count.
    expect((await signInFrom("10.9.0.1, 172.16.0.0, 203.0.113.51", account, "wrong")).status).toBe(401);
  });
});
