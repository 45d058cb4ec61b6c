import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { permissionsDoc } from "./permissions-doc";

it("docs/permissions.md is the permission table as it is (npm run docs:permissions)", async () => {
  expect(readFileSync("docs/permissions.md", "utf8")).toBe(await permissionsDoc());
});
