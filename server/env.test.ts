import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env";

describe("readEnv", () => {
  it("starts with no variables set", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_DEMO_DATA: true, BUSINESS_TIMEZONE: "America/New_York" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    expect(readEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("lists every bad variable at once", () => {
    try {
      readEnv({ PORT: "abc", DATABASE_URL: "mysql://x", BUSINESS_TIMEZONE: "Mars/Base", SEED_DEMO_DATA: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join("\n");
      for (const name of ["PORT", "DATABASE_URL", "BUSINESS_TIMEZONE", "SEED_DEMO_DATA"]) expect(problems).toContain(name);
    }
  });

  it("reads flags and numbers", () => {
    const env = readEnv({ PORT: "8080", SEED_DEMO_DATA: "false", DATABASE_URL: "postgres://u@h/db" });
    expect(env).toMatchObject({ PORT: 8080, SEED_DEMO_DATA: false, DATABASE_URL: "postgres://u@h/db" });
  });
});
