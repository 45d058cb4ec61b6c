import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { as, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { BAD_DAYS, BAD_URL_VALUES, snapshot } from "../../tests/bad-input";
import { buildBooking, buildHotel, buildPlan, insertBookings, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import type * as PageSearchModule from "~/lib/page-search";
import routes from "~/routes";

/*
 * Every page of the route table, its loaders run through the real app (tests/test-pages.ts), given
 * the values no query parameter or path parameter may take: the API's bad values (NUL and other
 * control characters, invalid UTF-8, 1 MB) and dates and numbers out of range. No answer is a 5xx
 * and no table changes (issue 24, finding 3: a NUL in the All Users and Outbox searches reached the
 * database and answered 500).
 */

/** Every name a loader asked pageSearch for: the query parameters the pages read. */
const asked = vi.hoisted(() => new Set<string>());
vi.mock("~/lib/page-search", async (importOriginal) => {
  const original = await importOriginal<typeof PageSearchModule>();
  return {
    pageSearch: ((from, schema) => {
      for (const name of Object.keys(schema.shape)) asked.add(name);
      return original.pageSearch(from, schema);
    }) satisfies typeof original.pageSearch,
  };
});

const t = setupTestApp({ pages: true, env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;
let member: TestAccount;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  const [plan, hotel] = await insertPlans(t.database.db, [buildPlan(), buildHotel()]);
  const [booking] = await insertBookings(t.database.db, [buildBooking({ email: member.email })]);
  Object.assign(ids, {
    id: plan!.id,
    hotel: hotel!.id,
    token: t.services.manageLinks.manageToken(booking!.id),
    bookingId: booking!.id,
    slug: "hand-wash",
  });
});

const BAD_QUERY_VALUES = [...BAD_URL_VALUES, ...BAD_DAYS, "abc", "-1", "0", "1e999", "99999999999999999999"];
const ACCOUNTS = [
  ["an admin", () => admin],
  ["a member", () => member],
  ["a visitor", () => null],
] as const;

/**
 * The route table's page paths (the catch-all left out), path parameters as `:name`. A Spanish twin
 * (`/es/…`) runs its English page's module, loaders and all (app/routes.ts), so bad input to it
 * proves nothing the English page does not: each page is asked once (it had doubled the file's time).
 */
function pagePatterns(entries: RouteConfigEntry[] = routes, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    if (here === "/es" || here.startsWith("/es/")) return [];
    const own = entry.path === "*" || (!entry.path && !entry.index) ? [] : [here || "/"];
    return [...own, ...pagePatterns(entry.children ?? [], here)];
  });
}

const fill = (pattern: string, value?: string) =>
  pattern.replace(
    /:(\w+)/g,
    (_, name: string) => value ?? (name === "id" && pattern.startsWith("/dashboard/hotels") ? ids.hotel! : ids[name]!),
  );

/** Answers each path; the ones answered with a 5xx. */
async function answers(paths: string[], account: TestAccount | null): Promise<string[]> {
  const failures: string[] = [];
  for (const target of paths) {
    const response = await t.request(target, as(account));
    await response.arrayBuffer();
    if (response.status >= 500) failures.push(`${response.status} ${target.slice(0, 80)}`);
  }
  return failures;
}

/** The query parameters each page's loaders read for this account, asked of each page once. */
async function namesRead(paths: string[], account: TestAccount | null): Promise<Map<string, string[]>> {
  const read = new Map<string, string[]>();
  for (const target of paths) {
    asked.clear();
    const response = await t.request(target, as(account));
    await response.arrayBuffer();
    expect(response.status, target).toBeLessThan(500);
    read.set(target, [...asked]);
  }
  return read;
}

describe("bad input to every page", () => {
  it("reads no query parameter but through pageSearch, so the names it is asked for are all there are", () => {
    const routeFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const readers = routeFiles(path.resolve(import.meta.dirname, "../../app/routes")).filter((file) =>
      /\.searchParams\.(get|getAll|has|entries|keys|values|forEach)\b/.test(readFileSync(file, "utf8")),
    );
    expect(readers).toEqual([]);
  });

  it.each(ACCOUNTS)(
    "as %s: no page answers a bad query parameter with a 5xx, and nothing changes",
    async (_who, account) => {
      const patterns = pagePatterns();
      expect(patterns.length).toBeGreaterThan(25);
      const read = await namesRead(
        patterns.map((p) => fill(p)),
        account(),
      );
      const before = await snapshot(t);
      const requests = [...read].flatMap(([page, names]) =>
        names.flatMap((name) => BAD_QUERY_VALUES.map((value) => `${page}?${name}=${value}`)),
      );
      const started = Date.now();
      expect(await answers(requests, account())).toEqual([]);
      console.info(`${requests.length} bad page queries as ${_who} in ${Date.now() - started} ms`);
      expect(await snapshot(t)).toEqual(before);
    },
    120_000,
  );

  it("reaches every parameter the dashboard's lists and the sign-in page read", async () => {
    const read = await namesRead(
      pagePatterns().map((p) => fill(p)),
      admin,
    );
    const names = new Set([...read.values()].flat());
    for (const name of ["q", "to", "state", "page", "date", "from", "status", "redirectTo"])
      expect(names, name).toContain(name);
  });

  it.each(ACCOUNTS)("as %s: no page answers a bad path parameter with a 5xx", async (_who, account) => {
    const withParams = pagePatterns().filter((p) => p.includes(":"));
    expect(withParams.length).toBeGreaterThanOrEqual(5);
    const paths = withParams.flatMap((p) => BAD_URL_VALUES.map((value) => fill(p, value)));
    expect(await answers(paths, account())).toEqual([]);
  });
});

describe("a search with a NUL", () => {
  it.each(["/dashboard/allUsers?q=Ann%00Lee", "/dashboard/outbox?to=%00"])(
    "%s lists as if unfiltered, as the API's rules leave it out",
    async (target) => {
      const response = await t.request(target, as(admin));
      expect(response.status).toBe(200);
    },
  );
});
