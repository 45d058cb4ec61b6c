import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnsubscribeLinks } from "~/features/consent/consent-links.server";
import { demoAccounts } from "./seed/demo-data";
import { sessionCookie } from "../tests/accounts";
import { startServerProcesses, type ServerProcess, type ServerProcesses } from "../tests/server-processes";

/**
 * Two production server processes on one PostgreSQL database, as behind a load balancer: what an
 * admin changes through one, a visitor sees through the other within a second (the catalogue, its
 * ETags, uploads), and a process restarted while the other serves loses nothing.
 */
let cluster: ServerProcesses;
let first: ServerProcess;
let second: ServerProcess;
/** The demo admin's session cookie, signed in through the first process. */
let admin: string;
/** Set, so the test can write what the processes sign (an unsubscribe link). */
const AUTH_SECRET = "several-processes-test-secret-0123456789abcdef";

beforeAll(async () => {
  cluster = await startServerProcesses({ ports: [3301, 3302], env: { AUTH_SECRET } });
  [first, second] = cluster.processes as [ServerProcess, ServerProcess];
  const signIn = await fetch(`${first.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: cluster.publicUrl },
    body: JSON.stringify({ email: demoAccounts.admin.email, password: demoAccounts.admin.password }),
  });
  expect(signIn.status).toBe(200);
  admin = signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
});
afterAll(async () => {
  await cluster?.close();
});

/** A change as the admin, through `server`. */
async function change(server: ServerProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Origin: cluster.publicUrl, Cookie: admin, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json() as Promise<{ insertedId?: string }>;
}

interface Seen {
  status: number;
  etag: string;
  text: string;
}

/** A visitor's GET through `server`, conditional on `etag` when given. */
async function visit(server: ServerProcess, path: string, etag?: string): Promise<Seen> {
  const response = await fetch(`${server.url}${path}`, { headers: etag ? { "If-None-Match": etag } : {} });
  return { status: response.status, etag: response.headers.get("etag") ?? "", text: await response.text() };
}

/** Asks `server` for `path` until `holds`, for at most a second; returns the answer and how long it took. */
async function within1s(server: ServerProcess, path: string, holds: (text: string) => boolean) {
  const started = performance.now();
  for (;;) {
    const seen = await visit(server, path);
    if (seen.status === 200 && holds(seen.text)) return { ...seen, ms: performance.now() - started };
    expect(performance.now() - started, `${path} on ${server.url} within a second`).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The old ETag no longer gets a 304: the answer is the new content. */
async function expectNewContent(server: ServerProcess, path: string, old: Seen, holds: (text: string) => boolean) {
  const conditional = await visit(server, path, old.etag);
  expect(conditional.status).toBe(200);
  expect(conditional.etag).not.toBe(old.etag);
  expect(holds(conditional.text)).toBe(true);
}

describe("the catalogue", () => {
  it("created, re-priced and deleted through one process, is seen through the other within a second", async () => {
    const name = `Two Process Polish ${Date.now()}`;
    // The second process has the catalogue cached, and its validators (a revisit is a 304).
    let plans = await visit(second, "/api/plans");
    let pricing = await visit(second, "/pricing");
    expect((await visit(second, "/api/plans", plans.etag)).status).toBe(304);
    expect((await visit(second, "/pricing", pricing.etag)).status).toBe(304);

    const steps: [string, () => Promise<unknown>, (api: string) => boolean, (page: string) => boolean][] = [];
    let id = "";
    steps.push(
      [
        "created",
        async () => {
          id = (await change(first, "POST", "/api/plans", { name, price: 123.45, packagetype: "services" }))
            .insertedId!;
        },
        (api) => api.includes(`"name":"${name}","price":123.45`),
        (page) => page.includes(name) && page.includes("$123.45"),
      ],
      [
        "re-priced",
        () => change(first, "PATCH", `/api/plans/${id}`, { price: 150 }),
        (api) => api.includes(`"name":"${name}","price":150,`),
        (page) => page.includes(name) && page.includes("$150") && !page.includes("$123.45"),
      ],
      [
        "deleted",
        () => change(first, "DELETE", `/api/plans/${id}`),
        (api) => !api.includes(name),
        (page) => !page.includes(name),
      ],
    );
    for (const [step, act, inApi, onPage] of steps) {
      await act();
      const api = await within1s(second, "/api/plans", inApi);
      const page = await within1s(second, "/pricing", onPage);
      console.log(
        `${step}: seen through the other process after ${api.ms.toFixed(0)} ms (API), ${page.ms.toFixed(0)} ms (/pricing)`,
      );
      await expectNewContent(second, "/api/plans", plans, inApi);
      await expectNewContent(second, "/pricing", pricing, onPage);
      // Its package page reads the database: it agrees with the pricing page.
      if (step !== "deleted") expect((await visit(second, `/api/plans/${id}`)).text).toContain(`"name":"${name}"`);
      plans = api;
      pricing = page;
    }
  });
});

/** A small PNG photo, uploaded through `server` as the admin; returns where it is served. */
async function uploadPhoto(server: ServerProcess): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3b82f6" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new File([new Uint8Array(png)], "photo.png", { type: "image/png" }));
  const response = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { Origin: cluster.publicUrl, Cookie: admin },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { display_url: string } }).data.display_url;
}

describe("uploads", () => {
  it("uploaded through one process are served by the other, and go with their hotel", async () => {
    const photo = await uploadPhoto(first);
    const card = photo.replace(".webp", "-640w.webp");
    for (const file of [photo, card]) {
      const served = await fetch(`${second.url}${file}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).format).toBe("webp");
    }

    const { insertedId } = await change(second, "POST", "/api/plans", {
      field: "hotel",
      hotelName: "Harbour Lights Hotel",
      image: photo,
    });
    await change(second, "DELETE", `/api/plans/${insertedId}`);
    for (const server of [first, second])
      for (const file of [photo, card]) expect((await fetch(`${server.url}${file}`)).status).toBe(404);
  });
});

describe("e-mail choices", () => {
  it("an unsubscribe through one process is honoured by the other at once, and so is an account's change", async () => {
    const email = `two.process.${Date.now()}@example.com`;
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: cluster.publicUrl },
      body: JSON.stringify({ name: "Two Process Member", email, password: "wash-and-wax" }),
    });
    expect(signUp.status).toBe(200);
    const member = sessionCookie(signUp);
    const choices = async (server: ServerProcess) =>
      (await fetch(`${server.url}/api/me/email-choices`, { headers: { Cookie: member } })).json();
    const path = new URL(createUnsubscribeLinks(AUTH_SECRET, cluster.publicUrl).url(email, "review-requests")).pathname;

    // The second process has shown the link's page: the question, never kept, never indexed.
    const asked = await fetch(`${second.url}${path}`);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("cache-control")).toBe("private, no-store");
    expect(asked.headers.get("x-robots-tag")).toBe("noindex");
    expect(asked.headers.get("content-security-policy")).toContain("form-action 'self'");
    const question = await asked.text();
    expect(question.replace(/<[^>]+>/g, "")).toContain("Stop review requests for t•••@example.com?");
    expect(question).toContain(`<form action="${path}" method="post">`);
    expect(question).toContain('<meta name="robots" content="noindex, nofollow"/>');

    // RFC 8058's one click, through the first.
    const click = await fetch(`${first.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(click.status).toBe(200);
    expect((await visit(second, path)).text).toMatch(/Done: you won.{1,6}t get review requests any more\./);
    expect(await choices(second)).toEqual({
      "service-reminders": true,
      "review-requests": false,
      "club-reminders": true,
    });

    // The member's own change, through the second; the first answers it.
    const put = await fetch(`${second.url}/api/me/email-choices`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: cluster.publicUrl, Cookie: member },
      body: JSON.stringify({ "service-reminders": false }),
    });
    expect(put.status).toBe(200);
    expect(await choices(first)).toEqual({
      "service-reminders": false,
      "review-requests": false,
      "club-reminders": true,
    });
  });
});

describe("a restart", () => {
  it("of one process while the other serves loses nothing", async () => {
    const photo = await uploadPhoto(first);
    const name = `While Restarting Wash ${Date.now()}`;

    // A visitor keeps using the second process all along.
    let visiting = true;
    const answers: number[] = [];
    const visitor = (async () => {
      while (visiting) {
        for (const path of ["/api/plans", "/pricing", photo])
          answers.push((await fetch(`${second.url}${path}`)).status);
      }
    })();

    await first.stop();
    // While the first is down, the admin changes the catalogue through the second.
    await change(second, "POST", "/api/plans", { name, price: 42, packagetype: "services" });
    await first.start();
    visiting = false;
    await visitor;

    expect(answers.length).toBeGreaterThan(3);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    // The restarted process serves the current catalogue, the upload, and the admin's session.
    expect((await visit(first, "/api/plans")).text).toContain(`"name":"${name}"`);
    expect((await visit(first, "/pricing")).text).toContain(name);
    expect((await fetch(`${first.url}${photo}`)).status).toBe(200);
    const session = await fetch(`${first.url}/api/auth/get-session`, { headers: { Cookie: admin } });
    expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(demoAccounts.admin.email);
    expect((await visit(first, "/api/ready")).status).toBe(200);
  });
});
