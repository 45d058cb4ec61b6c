import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * drizzle/functions/claim_place.sql is the one text of claim_place a reader opens; the migrations
 * are what the database runs. They must say the same: the newest migration that defines the
 * function holds this file's definition.
 */
const drizzle = path.resolve(import.meta.dirname, "../../../drizzle");

/** The definition, from its name to the end of its body, in the words CREATE and CREATE OR REPLACE share. */
function definitionOf(sql: string): string | undefined {
  const match = /CREATE (?:OR REPLACE )?(FUNCTION claim_place\([\s\S]*?\n\$\$;)/.exec(sql);
  return match?.[1]?.replace(/\r\n/g, "\n");
}

function newestMigrationDefinition() {
  const journal = JSON.parse(readFileSync(path.join(drizzle, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const defining = [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({ tag, definition: definitionOf(readFileSync(path.join(drizzle, `${tag}.sql`), "utf8")) }))
    .filter((m) => m.definition !== undefined);
  return defining.at(-1);
}

describe("claim_place's one current text", () => {
  it("is what the newest migration that defines it applies", () => {
    const source = definitionOf(readFileSync(path.join(drizzle, "functions/claim_place.sql"), "utf8"));
    const newest = newestMigrationDefinition();
    expect(source, "drizzle/functions/claim_place.sql defines claim_place").toBeDefined();
    expect(newest, "a migration defines claim_place").toBeDefined();
    expect(newest!.definition, `${newest!.tag}.sql against drizzle/functions/claim_place.sql`).toBe(source);
  });

  it("tells a changed rule from the applied one", () => {
    const source = definitionOf(readFileSync(path.join(drizzle, "functions/claim_place.sql"), "utf8"))!;
    const changed = `CREATE ${source.replace("HAVING count(*) >= bays", "HAVING count(*) > bays")}`;
    expect(definitionOf(changed)).not.toBe(newestMigrationDefinition()!.definition);
  });
});
