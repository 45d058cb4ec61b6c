import { describe, expect, it } from "vitest";
import { ROLES } from "~/lib/roles";
import { DASHBOARD_HOME, dashboardLinks, SITE_HOME } from "./dashboard-links";

/** Issue 42: the specification's Home link (§2) is the site's home page on every signed-in sidebar. */
describe("the dashboard's sidebar", () => {
  it("has Home, to the site's home page, apart from the dashboard's own links", () => {
    expect(SITE_HOME).toEqual({ to: "/", label: "Home" });
    for (const role of ["member", "admin"] as const)
      expect(dashboardLinks(role).filter((link) => link.label === "Home" || link.to === "/")).toEqual([]);
  });

  it("starts with the dashboard's home: Today for the desk, Dashboard for a member", () => {
    expect(dashboardLinks("admin")[0]).toEqual({ to: DASHBOARD_HOME, label: "Today" });
    expect(dashboardLinks("member")[0]).toEqual({ to: DASHBOARD_HOME, label: "Dashboard" });
  });

  it("has Team (invitations, issue 45) for admins only, after All Users", () => {
    const labels = dashboardLinks("admin").map((link) => link.label);
    expect(labels.indexOf("Team")).toBe(labels.indexOf("All Users") + 1);
    expect(dashboardLinks("admin")).toContainEqual({ to: "/dashboard/team", label: "Team" });
    expect(dashboardLinks("member").map((link) => link.label)).not.toContain("Team");
  });

  it("has two-factor sign-in and signed-in devices for every account, and the security settings for admins only", () => {
    for (const role of ROLES) {
      const labels = dashboardLinks(role).map((link) => link.label);
      expect(labels).toEqual(expect.arrayContaining(["Two-factor sign-in", "Signed-in devices"]));
      expect(labels.includes("Security Settings")).toBe(role === "admin");
    }
  });
});
