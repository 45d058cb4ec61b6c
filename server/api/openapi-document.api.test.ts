import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { lintOpenApi, newProblems } from "../../scripts/openapi-lint";
import { setupTestApp } from "../../tests/test-app";
import { OPERATIONS } from "~/lib/permissions";

/** The OpenAPI document as clients read it: Redocly's recommended rules, and a client generated from it. */
const t = setupTestApp();

describe("GET /api/openapi.json", () => {
  it("passes Redocly's recommended lint, but for the specification's own pair of paths", async () => {
    const document = (await (await t.request("/api/openapi.json")).json()) as object;
    const problems = await lintOpenApi(document);
    // The one error is the specification's pair; each warning left is named in the script with its reason.
    expect(problems.filter((p) => p.severity === "error").map((p) => `${p.rule} ${p.where}`)).toEqual([
      "no-identical-paths #/paths/~1user~1admin~1{id}",
    ]);
    expect(newProblems(problems)).toEqual([]);
  });

  it("gives openapi-typescript a client: every operation by its operationId", async () => {
    const document = (await (await t.request("/api/openapi.json")).json()) as Parameters<typeof openapiTS>[0];
    const client = astToString(await openapiTS(document));
    const served = Object.values(OPERATIONS).filter((row) => row.id !== "setTestClock");
    for (const { id } of served) expect(client, id).toMatch(new RegExp(`^    ${id}: \\{`, "m"));
  });
});
