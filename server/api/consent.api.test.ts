import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db/client";
import { emailOptOuts, outbox, type OutboxRow } from "~/.server/db/schema";
import { createMailer } from "~/.server/mail/mailer";
import { createMessageWriter } from "~/.server/mail/message-templates";
import { createOutboxWorker } from "~/.server/mail/outbox-worker";
import { unsubscribeHeaders } from "~/features/consent/consent-links.server";
import type { ConsentKind } from "~/features/consent/consent.schema";
import { createOutboxService } from "~/features/outbox/outbox.server";
import { newObjectId } from "~/lib/object-id";
import { callAs, jsonPost, signUp, type TestAccount } from "../../tests/accounts";
import { startSmtpSink, testTransport } from "../../tests/smtp-sink";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";

/*
 * Issue 28, part 4: the shop's own messages stop for an address with one click (RFC 8058) or from the
 * account, and booking e-mails never do. Pages too (tests/test-pages.ts): the link's GET page.
 */
const t = setupTestApp({ pages: true });
let db: Database;
beforeAll(() => {
  db = t.database.db;
});

beforeEach(async () => {
  await db.delete(emailOptOuts);
  await db.delete(outbox);
});

const linkPath = (email: string, kind: ConsentKind) => `/unsubscribe/${t.services.unsubscribeLinks.token(email, kind)}`;

/** RFC 8058's POST as a mail provider sends it: a form body, no Origin, no cookie. */
const ONE_CLICK: RequestInit = {
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: "List-Unsubscribe=One-Click",
};

/** A queued message of `template` to `to` (the sweeps' and the bookings' templates, by name only). */
function queued(to: string, template: string, overrides: Partial<OutboxRow> = {}) {
  return { id: newObjectId(), to, template, data: {}, state: "queued" as const, ...overrides };
}

/** Rows in one order on both engines (their collations differ): sorted here. */
const sorted = <T>(rows: T[]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b), "en"));
const optOuts = async () =>
  sorted(await db.select({ email: emailOptOuts.email, kind: emailOptOuts.kind }).from(emailOptOuts));
const outboxRows = async () =>
  sorted(await db.select({ to: outbox.to, template: outbox.template, state: outbox.state }).from(outbox));

describe("one click (RFC 8058)", () => {
  it("from no origin, with a form body, stops the kind for the address and withdraws only its queued messages", async () => {
    const email = "una.subscribe@example.com";
    await db
      .insert(outbox)
      .values([
        queued("Una.Subscribe@example.com", "due-reminder"),
        queued(email, "due-follow-up"),
        queued(email, "due-reminder", { state: "sent" }),
        queued(email, "review-request"),
        queued(email, "booking-reminder", { kind: "reminder", sendAfter: new Date(Date.now() + 86_400_000) }),
        queued(email, "booking-received"),
        queued("someone.else@example.com", "due-reminder"),
      ]);

    const response = await t.request(linkPath(email, "service-reminders"), {
      ...ONE_CLICK,
      headers: { ...ONE_CLICK.headers, "Accept-Encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    // The site's security headers, as on every answer.
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await response.text()).toBe("Unsubscribed: no more service reminders to u•••@example.com.");

    expect(await optOuts()).toEqual([{ email, kind: "service-reminders" }]);
    expect(await outboxRows()).toEqual(
      sorted([
        { to: email, template: "booking-received", state: "queued" },
        { to: email, template: "booking-reminder", state: "queued" },
        { to: email, template: "due-reminder", state: "sent" },
        { to: email, template: "review-request", state: "queued" },
        { to: "someone.else@example.com", template: "due-reminder", state: "queued" },
      ]),
    );
    expect(await t.services.consent.choices("UNA.SUBSCRIBE@example.com")).toEqual({
      "service-reminders": false,
      "review-requests": true,
      "club-reminders": true,
    });
  });

  it("takes a multipart body, or none, from another site's page too: the link is the authority", async () => {
    const email = "multi.part@example.com";
    await db.insert(outbox).values([queued(email, "review-request"), queued(email, "due-reminder")]);
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await t.request(linkPath(email, "review-requests"), {
      method: "POST",
      body: form,
      headers: { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
    });
    expect(multipart.status).toBe(200);
    expect(await outboxRows()).toEqual([{ to: email, template: "due-reminder", state: "queued" }]);

    const bare = await t.request(linkPath(email, "service-reminders"), { method: "POST" });
    expect(bare.status).toBe(200);
    expect(await optOuts()).toEqual([
      { email, kind: "review-requests" },
      { email, kind: "service-reminders" },
    ]);
    expect(await outboxRows()).toEqual([]);
  });

  it("refuses a link with any one character changed (404) and changes nothing", async () => {
    const email = "tampered@example.com";
    await db.insert(outbox).values(queued(email, "due-reminder"));
    const token = t.services.unsubscribeLinks.token(email, "service-reminders");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const changed = [...token].map((char, i) => {
      const other = alphabet[(alphabet.indexOf(char) + 1) % alphabet.length]!;
      return token.slice(0, i) + other + token.slice(i + 1);
    });
    // Each position, the separator included; a manage link's token (another purpose); cut short.
    const manage = t.services.manageLinks.manageToken(newObjectId());
    for (const bad of [...changed, manage, token.slice(0, -1), `${token}x`]) {
      const response = await t.request(`/unsubscribe/${bad}`, ONE_CLICK);
      expect(response.status, bad).toBe(404);
      expect(await response.text()).toBe("This unsubscribe link is not valid.");
      expect((await t.request(`/unsubscribe/${bad}`)).status, `GET ${bad}`).toBe(404);
    }
    expect(await optOuts()).toEqual([]);
    expect(await outboxRows()).toEqual([{ to: email, template: "due-reminder", state: "queued" }]);
  });

  it("twice, or 20 times at once, leaves one row", { tags: ["engine"] }, async () => {
    const path = linkPath("many.clicks@example.com", "review-requests");
    expect((await t.request(path, ONE_CLICK)).status).toBe(200);
    expect((await t.request(path, ONE_CLICK)).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => t.request(path, ONE_CLICK).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await optOuts()).toEqual([{ email: "many.clicks@example.com", kind: "review-requests" }]);
  });

  it("refuses a body over 2 KB (413) and changes nothing", async () => {
    const path = linkPath("big.body@example.com", "service-reminders");
    const body = `List-Unsubscribe=One-Click&pad=${"x".repeat(3000)}`;
    const streamed = await t.request(path, { ...ONE_CLICK, body });
    expect(streamed.status).toBe(413);
    const declared = await t.request(path, {
      ...ONE_CLICK,
      headers: { ...ONE_CLICK.headers, "Content-Length": String(body.length) },
      body,
    });
    expect(declared.status).toBe(413);
    expect(await optOuts()).toEqual([]);
  });
});

describe("the link's page", () => {
  // Its words and headers: e2e/email-choices.spec.ts, on the built server (these pages are loaders only).
  it("never unsubscribes on GET (or HEAD)", async () => {
    const email = "just.looking@example.com";
    await db.insert(outbox).values(queued(email, "due-reminder"));
    const path = linkPath(email, "service-reminders");
    for (const method of ["GET", "HEAD"]) expect((await t.request(path, { method })).status, method).toBe(200);
    expect(await optOuts()).toEqual([]);
    expect(await outboxRows()).toEqual([{ to: email, template: "due-reminder", state: "queued" }]);
  });

  it("its buttons post the page's form: stop, then start again, each answered with the page", async () => {
    const email = "changes.mind@example.com";
    const path = linkPath(email, "review-requests");
    const button = (choice: string) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN },
      body: `choice=${choice}`,
    });

    const stopped = await t.request(path, button("unsubscribe"));
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get("location")).toBe(path);
    expect(await optOuts()).toEqual([{ email, kind: "review-requests" }]);

    const resumed = await t.request(path, button("resubscribe"));
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get("location")).toBe(`${path}?resubscribed=1`);
    expect(await optOuts()).toEqual([]);
    expect((await t.request(`${path}?resubscribed=1`)).status).toBe(200);
  });

  // That the Spanish page sends its field: page-languages.api.test.ts (pages rendered).
  it("answers the Spanish page's buttons with the Spanish page", async () => {
    const email = "cambia.de.idea@example.com";
    const path = linkPath(email, "review-requests");
    const button = (choice: string, locale: string) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN },
      body: `locale=${locale}&choice=${choice}`,
    });
    const stopped = await t.request(path, button("unsubscribe", "es"));
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get("location")).toBe(`/es${path}`);
    expect(await optOuts()).toEqual([{ email, kind: "review-requests" }]);
    const resumed = await t.request(path, button("resubscribe", "es"));
    expect(resumed.headers.get("location")).toBe(`/es${path}?resubscribed=1`);
    // Any other language is the English page's.
    expect((await t.request(path, button("unsubscribe", "fr"))).headers.get("location")).toBe(path);
  });
});

describe("a member's e-mail choices", () => {
  let member: TestAccount;
  beforeEach(async () => {
    member = await signUp(t, { email: `Choosy.${Date.now()}@Example.com` });
  });
  const put = (account: TestAccount | null, body: unknown) =>
    callAs(t, account, "/api/me/email-choices", { ...jsonPost(body), method: "PUT" });

  it("round-trip through the API, and agree with the address's unsubscribe links", async () => {
    const address = member.email.toLowerCase();
    await db.insert(outbox).values([queued(address, "due-reminder"), queued(address, "review-request")]);
    expect(await callAs(t, member, "/api/me/email-choices")).toEqual({
      status: 200,
      body: { "service-reminders": true, "review-requests": true, "club-reminders": true },
    });

    expect(await put(member, { "service-reminders": false })).toEqual({
      status: 200,
      body: { "service-reminders": false, "review-requests": true, "club-reminders": true },
    });
    expect((await callAs(t, member, "/api/me/email-choices")).body).toEqual({
      "service-reminders": false,
      "review-requests": true,
      "club-reminders": true,
    });
    expect(await optOuts()).toEqual([{ email: address, kind: "service-reminders" }]);
    expect(await outboxRows()).toEqual([{ to: address, template: "review-request", state: "queued" }]);

    // The review requests' link, clicked in the mail client: the account shows it.
    expect((await t.request(linkPath(member.email, "review-requests"), ONE_CLICK)).status).toBe(200);
    expect((await callAs(t, member, "/api/me/email-choices")).body).toEqual({
      "service-reminders": false,
      "review-requests": false,
      "club-reminders": true,
    });

    expect((await put(member, { "service-reminders": true, "review-requests": true })).body).toEqual({
      "service-reminders": true,
      "review-requests": true,
      "club-reminders": true,
    });
    expect(await optOuts()).toEqual([]);
  });

  it("refuse visitors (401) and bodies that name nothing or something else (400)", async () => {
    expect((await callAs(t, null, "/api/me/email-choices")).status).toBe(401);
    expect((await put(null, { "service-reminders": false })).status).toBe(401);
    expect((await put(member, {})).status).toBe(400);
    expect((await put(member, { newsletter: false })).status).toBe(400);
    expect((await put(member, { "service-reminders": "no" })).status).toBe(400);
    expect(await optOuts()).toEqual([]);
  });

  it("turn off with an unconfirmed address, but on again only once it is confirmed (403)", async () => {
    const unconfirmed = await signUp(t, { verified: false });
    expect((await put(unconfirmed, { "review-requests": false })).status).toBe(200);
    // Saying again what is already so is no change.
    expect((await put(unconfirmed, { "service-reminders": true })).status).toBe(200);
    const refused = await put(unconfirmed, { "review-requests": true });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/confirm your e-mail address/);
    expect((await callAs(t, unconfirmed, "/api/me/email-choices")).body).toEqual({
      "service-reminders": true,
      "review-requests": false,
      "club-reminders": true,
    });
  });
});

describe("a templated message through a real SMTP server", () => {
  it("carries List-Unsubscribe and List-Unsubscribe-Post, and the address it names unsubscribes", async () => {
    const sink = await startSmtpSink();
    try {
      const links = t.services.unsubscribeLinks;
      // A template of the shop's own, written as the reminders' and reviews' are: its link in the headers.
      const written = createMessageWriter({
        "consent-test": (data: { name: string }, to: string) => ({
          subject: `How was your visit, ${data.name}?`,
          text: "Tell us.",
          headers: unsubscribeHeaders(links.url(to, "review-requests")),
        }),
      });
      const worker = createOutboxWorker(db, { transport: testTransport(sink.port), from: "shop@example.com", written });
      const email = "header.reader@example.com";
      await createMailer(db, { delivers: true }).send({ to: email, template: "consent-test", data: { name: "Ana" } });
      expect(await worker.deliverDue()).toMatchObject({ sent: 1 });

      const headers = sink.raw[0]!.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
      const url = /^List-Unsubscribe: <([^>]+)>$/im.exec(headers)?.[1];
      expect(url).toBe(links.url(email, "review-requests"));
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);

      // The Outbox shows the admin the headers the message went with.
      const admin = {
        id: newObjectId(),
        name: "Admin",
        email: "admin@example.com",
        role: "admin" as const,
        emailVerified: true,
      };
      const { items } = await createOutboxService(db, written).listEmails(admin, { limit: 10, offset: 0 });
      expect(items.map((mail) => mail.headers)).toEqual([unsubscribeHeaders(url!)]);

      expect((await t.request(new URL(url!).pathname, ONE_CLICK)).status).toBe(200);
      expect(await optOuts()).toEqual([{ email, kind: "review-requests" }]);
    } finally {
      await sink.close();
    }
  });

  it("never sends one of the shop's own messages queued as its address was stopped; booking e-mails go", async () => {
    const sink = await startSmtpSink();
    try {
      const email = "raced@example.com";
      await t.services.consent.optOut(email, "service-reminders");
      // A sweep that read "yes" a moment before the "no" queues its message after the opt-out.
      const stale = queued(email, "due-reminder");
      await db.insert(outbox).values(stale);
      await createMailer(db, { delivers: true }).send({ to: email, subject: "Booking received", text: "See you." });
      const worker = createOutboxWorker(db, {
        transport: testTransport(sink.port),
        from: "shop@example.com",
        written: t.services.messages,
        withheld: t.services.consent.withheld,
      });
      expect(await worker.deliverDue()).toEqual({ sent: 1, kept: 0, failed: 0, queued: 0 });
      expect(sink.subjects).toEqual(["Booking received"]);
      expect(await db.select({ n: count() }).from(outbox).where(eq(outbox.id, stale.id))).toEqual([{ n: 0 }]);
    } finally {
      await sink.close();
    }
  });
});
