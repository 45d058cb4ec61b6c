import { describe, expect, it } from "vitest";
import { splitStatements, StatementSplitter } from "./sql-statements";

const DUMP = [
  "--\n-- PostgreSQL database dump\n--\n\n\\restrict abc123\n",
  "SET statement_timeout = 0;\n",
  "CREATE FUNCTION public.f() RETURNS int LANGUAGE plpgsql AS $_$ begin return 1; end; $_$;\n",
  "INSERT INTO public.t VALUES ('it''s; -- not a comment\n$$ here', E'a\\'; b', \"odd;name\");\n",
  "/* a; block */ SELECT 1;\n",
  "\\unrestrict abc123\n",
].join("");

describe("splitStatements", () => {
  it("cuts at semicolons outside quotes, dollar quotes and comments, and drops psql meta-commands", () => {
    expect(splitStatements(DUMP).map((s) => s.trim())).toEqual([
      "SET statement_timeout = 0;",
      "CREATE FUNCTION public.f() RETURNS int LANGUAGE plpgsql AS $_$ begin return 1; end; $_$;",
      "INSERT INTO public.t VALUES ('it''s; -- not a comment\n$$ here', E'a\\'; b', \"odd;name\");",
      "/* a; block */ SELECT 1;",
    ]);
  });

  it("gives the same statements whatever the chunks' boundaries", () => {
    const whole = splitStatements(DUMP);
    for (const size of [1, 2, 3, 5, 7, 13]) {
      const splitter = new StatementSplitter();
      const pieces: string[] = [];
      for (let i = 0; i < DUMP.length; i += size) pieces.push(...splitter.push(DUMP.slice(i, i + size)));
      expect(pieces, `chunks of ${size}`).toEqual(whole);
    }
  });
});
