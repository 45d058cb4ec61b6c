import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "~/.server/clock";
import { auditEvents, invitations, outbox, users } from "~/.server/db/schema";
import {
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  wrongAccount,
  NOT_INVITABLE,
} from "~/features/users/invitations.schema";
import type { Actor } from "~/lib/access";
import type { Role } from "~/lib/roles";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";

/**
 * Issue 45, item 3: an admin invites an address as staff, manager or admin; the e-mail (in the
 * outbox, with the invitation) holds a signed link that works once, for 7 days, for an account with
 * that address, and makes the role theirs. The clock is the follow-ups' (TEST_CLOCK), as the waitlist's holds.
 */
const t = setupTestApp({ env: { TEST_CLOCK: "true" } });
const clock = () => t.services.clock as AdjustableClock;
const DAY = 24 * 60 * 60 * 1000;
let admin: TestAccount;
let member: TestAccount;
let sequence = 0;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
});
afterEach(() => clock().set(new Date()));

const freshEmail = () => `invitee${++sequence}-${Date.now()}@example.com`;
const invite = (who: TestAccount | null, body: unknown) => callAs(t, who, "/api/invitations", jsonPost(body));
const accept = (who: TestAccount | null, token: string) =>
  callAs(t, who, `/api/invitations/${token}/accept`, jsonPost({}));
const roleIn = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.role;

/** The invitation e-mail to `email`, and its link's token, as the invitee reads it. */
async function invitationMail(email: string) {
  const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
  const mail = mails.find((m) => m.subject?.includes("invited you to join"));
  if (!mail) throw new Error(`No invitation e-mail to ${email}`);
  const link = new RegExp(`${TEST_ORIGIN}/invite/([A-Za-z0-9_.-]+)`).exec(mail.text!);
  return { mail, token: link![1]! };
}

/** An invitation sent by the admin, and its link's token. */
async function invited(email = freshEmail(), role = "staff") {
  const sent = await invite(admin, { email, role });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { email, id: sent.body.insertedId as string, token: (await invitationMail(email)).token };
}

/** The signed-in person the page's loader would hand the service. */
const actorOf = (x: TestAccount, role: Role = "member"): Actor => ({ ...x, role, emailVerified: true });

/** One character of `token` changed, at `at` (negative: from the end). */
const changed = (token: string, at: number) => {
  const i = at < 0 ? token.length + at : at;
  return token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
};

describe("only admins invite, list and withdraw", () => {
  it("a visitor is asked to log in; a member, staff member or manager is refused; nothing is sent", async () => {
    const { id } = await invited();
    const [staff, manager] = [await signUp(t), await signUp(t)];
    await t.database.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
    await t.database.db.update(users).set({ role: "manager" }).where(eq(users.id, manager.id));
    const email = freshEmail();
    for (const caller of [null, member, staff, manager]) {
      const expected = caller ? 403 : 401;
      expect((await invite(caller, { email, role: "admin" })).status).toBe(expected);
      expect((await callAs(t, caller, "/api/invitations")).status).toBe(expected);
      expect((await callAs(t, caller, `/api/invitations/${id}`, { method: "DELETE" })).status).toBe(expected);
    }
    expect(await t.database.db.$count(outbox, eq(outbox.to, email))).toBe(0);
    expect(await t.database.db.$count(invitations, eq(invitations.email, email))).toBe(0);
  });
});

describe("an invitation", () => {
  it("e-mails a signed link valid 7 days, keeps only its hash, and is recorded", async () => {
    const email = freshEmail();
    const sent = await invite(admin, { email: `  ${email.toUpperCase()} `, role: "manager" });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
      expiresAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(sent.body.expiresAt) - Date.now() - 7 * DAY)).toBeLessThan(60_000);

    const { mail, token } = await invitationMail(email);
    expect(mail.subject).toBe(`Admin Person invited you to join ${t.services.dependencies.site.name} as a manager`);
    expect(mail.text).toContain(`Admin Person invited you to join the team at`);
    expect(mail.text).toContain(`sign up or log in with this address (${email})`);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/invite/${token}"`);

    // The row cannot open the invitation: only the token's SHA-256 is kept.
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, sent.body.insertedId));
    expect(row).toMatchObject({ email, role: "manager", invitedById: admin.id, invitedByName: "Admin Person" });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.split(".")[0]);
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));

    const [record] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "invitation.create"), eq(auditEvents.subjectId, row!.id)));
    expect(record).toMatchObject({ actorId: admin.id, summary: `${email} invited as a manager` });
  });

  it("checks the address as sign-up does and the role against the team's; a refusal sends nothing", async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ email: "not-an-address", role: "staff" }, { email: "Please enter a valid email address." }],
      [{ email: "", role: "staff" }, { email: "Email is required" }],
      [{ role: "staff" }, { email: "Email is required" }],
      [{ email: freshEmail(), role: "owner" }, { role: NOT_INVITABLE }],
      [{ email: freshEmail(), role: "member" }, { role: NOT_INVITABLE }],
      [{ email: freshEmail() }, { role: NOT_INVITABLE }],
    ];
    const before = await t.database.db.$count(outbox);
    for (const [body, fields] of cases) {
      const refused = await invite(admin, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.fields).toEqual(fields);
    }
    expect((await invite(admin, { email: freshEmail(), role: "staff", extra: 1 })).status).toBe(400);
    expect(await t.database.db.$count(outbox)).toBe(before);
  });
});

describe("accepting", () => {
  it("makes the role theirs once, for the invited address only, recorded as user.role", async () => {
    const { email, id, token } = await invited(undefined, "staff");
    expect((await accept(null, token)).status).toBe(401);

    const other = await signUp(t);
    expect(await accept(other, token)).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: wrongAccount(email, other.email.toLowerCase()) } },
    });
    expect(await roleIn(other.id)).toBe("member");

    // Signed up with the address (as typed in capitals: addresses are one whatever their case).
    // Signed up without confirming the address: the invitation's link, which reached it, confirms it.
    const invitee = await signUp(t, { name: "Ivy Invited", email: email.toUpperCase(), verified: false });
    expect(await accept(invitee, token)).toEqual({
      status: 200,
      body: { acknowledged: true, role: "staff", modifiedCount: 1 },
    });
    expect(await roleIn(invitee.id)).toBe("staff");
    const [verified] = await t.database.db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, invitee.id));
    expect(verified).toEqual({ emailVerified: true });
    const [record] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "user.role"), eq(auditEvents.subjectId, invitee.id)));
    expect(record).toMatchObject({
      actorId: invitee.id,
      summary: "Role of Ivy Invited: member → staff (invitation from Admin Person)",
      before: { role: "member" },
      after: { role: "staff" },
    });

    // Once: the same link again, by anyone, says it was used.
    expect(await accept(invitee, token)).toEqual({
      status: 410,
      body: { error: { code: "gone", message: INVITATION_USED } },
    });
    const list = await callAs(t, admin, "/api/invitations");
    expect(list.body.find((i: { _id: string }) => i._id === id)).toMatchObject({
      status: "accepted",
      acceptedAt: expect.any(String),
    });
  });

  it("refuses a link with one character changed (404), in its random part or its signature", async () => {
    const { email, token } = await invited();
    const invitee = await signUp(t, { email });
    for (const forged of [changed(token, 0), changed(token, 10), changed(token, -1), changed(token, -20), "abc.def"]) {
      expect(await accept(invitee, forged)).toEqual({
        status: 404,
        body: { error: { code: "not_found", message: INVITATION_INVALID } },
      });
      expect(await t.services.invitations.page(actorOf(invitee), forged)).toBeNull();
    }
    expect(await roleIn(invitee.id)).toBe("member");
    expect((await accept(invitee, token)).status).toBe(200);
  });

  it("works until 7 days have passed, and then says it expired (410)", async () => {
    const early = await invited();
    const late = await invited();
    const [a, b] = [await signUp(t, { email: early.email }), await signUp(t, { email: late.email })];
    clock().set(new Date(Date.now() + 7 * DAY - 60_000));
    expect((await accept(a, early.token)).status).toBe(200);
    clock().set(new Date(Date.now() + 7 * DAY + 60_000));
    expect(await accept(b, late.token)).toEqual({
      status: 410,
      body: { error: { code: "gone", message: INVITATION_EXPIRED } },
    });
    expect(await roleIn(b.id)).toBe("member");
    expect((await t.services.invitations.page(actorOf(b), late.token))?.status).toBe("expired");
  });

  it("never leaves the shop without an admin: the last admin invited as staff is refused (409)", async () => {
    const owner = await signUp(t);
    const { token } = await invited(owner.email, "staff");
    await t.database.db.update(users).set({ role: "member" }).where(eq(users.role, "admin"));
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, owner.id));
    const refused = await accept(owner, token);
    expect(refused).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: "The last administrator can't be made staff." } },
    });
    expect(await roleIn(owner.id)).toBe("admin");
    expect((await t.services.invitations.page(actorOf(owner, "admin"), token))?.status).toBe("pending");
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  });

  it(
    "two acceptances at once: one makes the role theirs, the other is told it was used",
    { tags: ["engine"] },
    async () => {
      const { email, token } = await invited(undefined, "manager");
      const invitee = await signUp(t, { email });
      const answers = await Promise.all([accept(invitee, token), accept(invitee, token), accept(invitee, token)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
      expect(answers.filter((a) => a.status === 410).map((a) => a.body.error.message)).toEqual([
        INVITATION_USED,
        INVITATION_USED,
      ]);
      expect(await roleIn(invitee.id)).toBe("manager");
      expect(
        await t.database.db.$count(
          auditEvents,
          and(eq(auditEvents.kind, "user.role"), eq(auditEvents.subjectId, invitee.id)),
        ),
      ).toBe(1);
    },
  );
});

describe("withdrawing and listing", () => {
  it("a withdrawn link is refused (410); withdrawing again changes nothing; an accepted one is 409", async () => {
    const { email, id, token } = await invited();
    const invitee = await signUp(t, { email });
    expect(await callAs(t, admin, `/api/invitations/${id}`, { method: "DELETE" })).toEqual({
      status: 200,
      body: { acknowledged: true, deletedCount: 1 },
    });
    expect(await accept(invitee, token)).toEqual({
      status: 410,
      body: { error: { code: "gone", message: INVITATION_WITHDRAWN } },
    });
    expect(await roleIn(invitee.id)).toBe("member");
    expect((await callAs(t, admin, `/api/invitations/${id}`, { method: "DELETE" })).body.deletedCount).toBe(0);

    const used = await invited();
    expect((await accept(await signUp(t, { email: used.email }), used.token)).status).toBe(200);
    expect((await callAs(t, admin, `/api/invitations/${used.id}`, { method: "DELETE" })).status).toBe(409);
    expect((await callAs(t, admin, "/api/invitations/0123456789abcdef01234567", { method: "DELETE" })).status).toBe(
      404,
    );
    expect((await callAs(t, admin, "/api/invitations/nope", { method: "DELETE" })).status).toBe(404);
  });

  it("a new invitation to the same address withdraws the pending one: the newest link is the one that works", async () => {
    const first = await invited();
    const second = await invited(first.email, "admin");
    const invitee = await signUp(t, { email: first.email });
    expect((await accept(invitee, first.token)).body.error.message).toBe(INVITATION_WITHDRAWN);
    expect((await accept(invitee, second.token)).body.role).toBe("admin");
  });

  it("lists newest first, a page at a time, with the total, and never a link", async () => {
    const [older, newer] = [await invited(), await invited(undefined, "admin")];
    const page = await t.request("/api/invitations?limit=2", { headers: { Cookie: admin.cookie } });
    const body = (await page.json()) as { _id: string; email: string; role: string; status: string }[];
    expect(body.map((i) => i._id)).toEqual([newer.id, older.id]);
    expect(body[0]).toMatchObject({ email: newer.email, role: "admin", status: "pending", invitedBy: "Admin Person" });
    expect(Number(page.headers.get("X-Total-Count"))).toBeGreaterThan(2);
    expect(JSON.stringify(body)).not.toContain(newer.token.split(".")[0]);
    expect(JSON.stringify(body)).not.toMatch(/token|hash/i);
    expect((await callAs(t, admin, "/api/invitations?limit=500")).status).toBe(400);
  });
});
