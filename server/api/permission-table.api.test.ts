import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { as, signUpAs, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";
import { allows, OPERATIONS, PAGES, type Access } from "~/lib/permissions";
import { ROLES, type Role } from "~/lib/roles";
import routes from "~/routes";

/*
 * The permission table (app/lib/permissions.ts) walked as it is written: every API operation of
 * the OpenAPI document and every dashboard page, called by a visitor and by each role. Who the
 * table lets in is never refused for who they are (no 401 or 403); everyone else is refused before
 * anything is read or written. An operation or a page without a row fails here.
 */
const t = setupTestApp({ pages: true, env: { RATE_LIMIT_BOOKINGS: "1000" } });
type Caller = Role | "visitor";
const CALLERS: Caller[] = ["visitor", ...ROLES];
const who = {} as Record<Caller, TestAccount | null>;

beforeAll(async () => {
  who.visitor = null;
  for (const role of ROLES) who[role] = await signUpAs(t, role);
});

const roleOf = (caller: Caller): Role | null => (caller === "visitor" ? null : caller);
const NO_ID = "0123456789abcdef01234567";

/** A path of the table with its parameters filled: ids nobody has, so nothing real is touched. */
function fill(path: string, caller: Caller): string {
  return path.replace(/\{(\w+)\}|:(\w+)/g, (_, api: string | undefined, page: string | undefined) => {
    const name = api ?? page;
    // Anyone may ask whether their own address is an admin's: the table's answer, not the rule's.
    if (name === "email") return encodeURIComponent(who[caller]?.email ?? "someone@example.com");
    if (name === "date") return "2031-01-07";
    if (name === "serviceType") return "Hand%20Wash";
    if (name === "index" || name === "file" || name === "name") return "0";
    return NO_ID;
  });
}

async function call(method: string, path: string, caller: Caller): Promise<number> {
  const init: RequestInit = {
    method,
    ...(method !== "GET" && { body: "{}", headers: { "Content-Type": "application/json" } }),
  };
  const response = await t.request(`/api${fill(path, caller)}`, as(who[caller], init));
  // A stream (the board's live feed) answers its status at once; nothing else is awaited of it.
  await response.body?.cancel();
  return response.status;
}

describe("the table covers every operation and page, and no more", () => {
  it("has one row for each operation of the OpenAPI document", async () => {
    const document = (await (await t.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // The test clock is served only where TEST_CLOCK is on (end-to-end runs): its row stays.
    expect(documented.sort()).toEqual(
      Object.keys(OPERATIONS)
        .filter((key) => key !== "PUT /test-clock")
        .sort(),
    );
    const ids = Object.values(OPERATIONS).map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has one row for each dashboard page of the route table", () => {
    const patterns = (entries: RouteConfigEntry[], parent = ""): string[] =>
      entries.flatMap((entry) => {
        const here = entry.path ? `${parent}/${entry.path}` : parent;
        return [...(entry.path || entry.index ? [here] : []), ...patterns(entry.children ?? [], here)];
      });
    // The layout and its index page share /dashboard.
    const dashboard = new Set(patterns(routes).filter((path) => path.startsWith("/dashboard")));
    expect([...dashboard].sort()).toEqual(Object.keys(PAGES).sort());
  });
});

/** What the table says a caller gets: in (any answer but a refusal), 401 for a visitor, 403 for a role short of it. */
function expected(access: Access, caller: Caller): "in" | 401 | 403 {
  if (allows(roleOf(caller), access)) return "in";
  return caller === "visitor" ? 401 : 403;
}

describe("every operation answers each caller as the table says", { tags: ["engine"] }, () => {
  const rows = Object.entries(OPERATIONS).filter(([key]) => key !== "PUT /test-clock");
  it.each(CALLERS)("as %s", async (caller) => {
    const wrong: string[] = [];
    for (const [key, row] of rows) {
      const [method, path] = key.split(" ") as [string, string];
      const status = await call(method, path, caller);
      const want = expected(row.access, caller);
      const refused = status === 401 || status === 403;
      if (want === "in" ? refused || status >= 500 : status !== want)
        wrong.push(`${key}: ${status}, the table says ${want}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("every dashboard page opens for each caller as the table says", { tags: ["engine"] }, () => {
  it.each(CALLERS)("as %s", async (caller) => {
    const wrong: string[] = [];
    for (const [page, access] of Object.entries(PAGES)) {
      const response = await t.request(fill(page, caller), as(who[caller]));
      await response.arrayBuffer();
      const want = expected(access, caller);
      // A visitor is sent to log in; a role short of the page gets the 403 page.
      const got =
        response.status === 302 && response.headers.get("location")?.startsWith("/login") ? 401 : response.status;
      const refused = got === 401 || got === 403;
      // A 5xx is a loader that asked the services for more than the page's row allows.
      if (want === "in" ? refused || got >= 500 : got !== want) wrong.push(`${page}: ${got}, the table says ${want}`);
    }
    expect(wrong).toEqual([]);
  });
});
