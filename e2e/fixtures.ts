import { randomUUID } from "node:crypto";
import type { Role } from "~/lib/roles";
import {
  test as base,
  expect,
  type APIRequest,
  type APIRequestContext,
  type Cookie,
  type Page,
} from "@playwright/test";
import { isPhone, waitForHydration, waitForReact } from "./support";

export { expect };

/**
 * The demo seed's administrator (server/seed/demo-data.ts). Tests never act as it: its API
 * session only promotes and deletes the accounts the fixtures below create.
 */
const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-1234" };

export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The session cookies of a fresh sign-in, to put into a browser context. */
  cookies: Cookie[];
}

interface AccountFixtures {
  /** Creates a fresh account (an administrator, or another role, if asked), signed in nowhere; all are deleted after the test. */
  newAccount: (options?: { name?: string; admin?: boolean; role?: Role }) => Promise<Account>;
  /** A fresh member, signed in on `page`. */
  member: Account;
  /** A fresh administrator, signed in on `page` (`{ page, admin: _ }` when only the page is needed). */
  admin: Account;
  /** A page in a browser context of its own, signed in as another fresh administrator. */
  adminPage: Page;
}

/**
 * Every test makes its own accounts through the HTTP API, as the server's database is closed to
 * the test process (the server holds its lock): no test depends on another's leftovers. (Playwright's
 * `use` is named `provide` here: the React hooks lint rule takes any `use(…)` call for a hook.)
 */
export const test = base.extend<AccountFixtures, { demoAdminApi: APIRequestContext }>({
  demoAdminApi: [
    async ({ playwright }, provide, workerInfo) => {
      // Used for a call now and then over the whole run: a fresh connection each time, so it never
      // reuses a keep-alive connection the server is closing as idle (Node's client would not retry:
      // ECONNRESET).
      const api = await apiContext(playwright.request, workerInfo.project.use.baseURL!, { Connection: "close" });
      expect((await api.post("/api/auth/sign-in/email", { data: DEMO_ADMIN })).status()).toBe(200);
      await provide(api);
      await api.dispose();
    },
    { scope: "worker" },
  ],

  newAccount: async ({ playwright, baseURL, demoAdminApi }, provide) => {
    const created: Account[] = [];
    await provide(async ({ name, admin = false, role } = {}) => {
      const tag = uniqueTag();
      const fields = { name: name ?? `Tester ${tag}`, email: `tester-${tag}@example.com`, password: `pass-${tag}` };
      const api = await apiContext(playwright.request, baseURL!);
      const signUp = await api.post("/api/auth/sign-up/email", { data: fields });
      expect(signUp.status(), await signUp.text()).toBe(200);
      const { user } = (await signUp.json()) as { user: { id: string } };
      const account = { ...fields, id: user.id, cookies: (await api.storageState()).cookies };
      await api.dispose();
      created.push(account);
      if (admin) expect((await demoAdminApi.patch(`/api/user/admin/${user.id}`)).status()).toBe(200);
      if (role) expect((await demoAdminApi.put(`/api/user/${user.id}/role`, { data: { role } })).status()).toBe(200);
      return account;
    });
    // A test may have deleted its account itself.
    for (const { id } of created) expect([200, 404]).toContain((await demoAdminApi.delete(`/api/user/${id}`)).status());
  },

  member: async ({ newAccount, context }, provide) => {
    const member = await newAccount();
    await context.addCookies(member.cookies);
    await provide(member);
  },

  admin: async ({ newAccount, context }, provide) => {
    const admin = await newAccount({ admin: true });
    await context.addCookies(admin.cookies);
    await provide(admin);
  },

  adminPage: async ({ newAccount, browser, baseURL }, provide) => {
    const context = await browser.newContext({ baseURL });
    await context.addCookies((await newAccount({ admin: true })).cookies);
    await provide(await context.newPage());
    await context.close();
  },
});

/** better-auth checks the Origin of every change, as a browser on the site would send it. */
function apiContext(request: APIRequest, baseURL: string, headers: Record<string, string> = {}) {
  return request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL, ...headers } });
}

/** A short random tag that makes names and addresses a test's own, apart from any other test or viewport. */
export function uniqueTag(): string {
  return randomUUID().slice(0, 8);
}

export function uniqueEmail(name: string): string {
  return `${name}-${uniqueTag()}@example.com`;
}

export async function logIn(page: Page, email: string, password: string) {
  // Forms accept typing once React runs them; their submit button says when.
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("Logged in successfully!")).toBeVisible();
}

/** The main navigation, opening the phone menu first when there is one. */
export async function openMainNav(page: Page) {
  if (isPhone(page)) {
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  return page.getByRole("navigation", { name: "Main" });
}

/** Below lg (1024 px: phones and tablets) the dashboard's links sit behind its Menu button (app/routes/dashboard/dashboard-layout.tsx). */
const DASHBOARD_MENU_BELOW = 1024;

/** The dashboard's navigation, opening its phone menu first when there is one. */
export async function openDashboardNav(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < DASHBOARD_MENU_BELOW) {
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    await waitForReact(menu);
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  return page.getByRole("navigation", { name: "Dashboard" });
}
