import { readFileSync } from "node:fs";
import { createConfig, lintFromString } from "@redocly/openapi-core";

export interface OpenApiProblem {
  severity: string;
  rule: string;
  where: string;
  message: string;
}

/**
 * What Redocly's `recommended` rules say of our document and we keep, each with its reason. A
 * new problem of any kind fails the test (server/api/openapi-document.api.test.ts).
 */
export const KNOWN_PROBLEMS: Record<string, string> = {
  // The specification's own pair: GET /user/admin/{email} beside PATCH and DELETE /user/admin/{id}
  // (an error to Redocly: one path to a client, with two names for its parameter).
  "no-identical-paths #/paths/~1user~1admin~1{id}": "the specification's seed calls both",
  "no-ambiguous-paths #/paths/~1user~1admin~1{id}": "the specification's seed calls both",
  // A literal segment where an id may stand: ids are 24 hex digits, so "manage" and "offers" are never one.
  "no-ambiguous-paths #/paths/~1bookings~1{id}~1stage": "/bookings/manage/{token} is the manage link's",
  "no-ambiguous-paths #/paths/~1bookings~1{id}~1customer": "/bookings/manage/{token} is the manage link's",
  "no-ambiguous-paths #/paths/~1bookings~1{id}~1history": "/bookings/manage/{token} is the manage link's",
  "no-ambiguous-paths #/paths/~1bookings~1{id}~1service-record": "/bookings/manage/{token} is the manage link's",
  "no-ambiguous-paths #/paths/~1bookings~1{id}~1payments": "/bookings/manage/{token} is the manage link's",
  "no-ambiguous-paths #/paths/~1waitlist~1{id}~1offer": "/waitlist/offers/{token} is the offer link's",
  "no-ambiguous-paths #/paths/~1user~1admin~1{email}": "PUT /user/{id}/role is issue 45's; an id is never 'admin'",
  // Public reads that take no input: nothing a client sends can make them answer a 4xx.
  "operation-4xx-response #/paths/~1health/get/responses": "takes no input",
  "operation-4xx-response #/paths/~1ready/get/responses": "takes no input",
  "operation-4xx-response #/paths/~1size-classes/get/responses": "takes no input",
  "operation-4xx-response #/paths/~1service-prices/get/responses": "takes no input",
  "operation-4xx-response #/paths/~1membership-plans/get/responses": "takes no input",
};

/** Redocly's `recommended` rules over the document (the shop's API has no licence to name). */
export async function lintOpenApi(document: object): Promise<OpenApiProblem[]> {
  const config = await createConfig({ extends: ["recommended"], rules: { "info-license": "off" } });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
  return problems.map((problem) => ({
    severity: problem.severity,
    rule: problem.ruleId,
    where: problem.location[0]?.pointer ?? "",
    message: problem.message,
  }));
}

/** The problems that are not known and explained above. */
export function newProblems(problems: OpenApiProblem[]): OpenApiProblem[] {
  return problems.filter((p) => !(`${p.rule} ${p.where}` in KNOWN_PROBLEMS));
}

/**
 * `npm run lint:openapi [url or file]`: lints a served document (the dev server's by default) or a
 * saved one, prints every problem and fails on one not known above. `npm test` lints the build's
 * own document in server/api/openapi-document.api.test.ts.
 */
async function main(source = "http://localhost:3000/api/openapi.json") {
  const text = /^https?:/.test(source) ? await (await fetch(source)).text() : readFileSync(source, "utf8");
  const problems = await lintOpenApi(JSON.parse(text) as object);
  for (const p of problems) console.log(`${p.severity.padEnd(5)} ${p.rule} ${p.where}: ${p.message}`);
  const fresh = newProblems(problems);
  console.log(
    `${problems.length} problems, ${problems.length - fresh.length} of them known (scripts/openapi-lint.ts).`,
  );
  if (fresh.length) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv[2]);
