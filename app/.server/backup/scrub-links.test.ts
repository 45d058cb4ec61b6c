import { mkdtempSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scrubLinkTokens, scrubLinkTokensInFile } from "./scrub-links";

const work = mkdtempSync(path.join(tmpdir(), "carwash-scrub-"));
afterAll(() => rm(work, { recursive: true, force: true }));

const RESET = "https://shop.example/api/auth/reset-password/AbC123_-xyz?callbackURL=%2Freset-password";
const VERIFY = "https://shop.example/api/auth/verify-email?token=eyJhbGc.eyJzdWIi.sig-_9&callbackURL=%2Fdashboard";

describe("the account links in a dump", () => {
  it("overwrite their tokens in place, keeping the length and the rest of the text", () => {
    const sql = Buffer.from(`INSERT INTO public.outbox VALUES ('Open ${RESET} now', '<a href="${VERIFY}">');`);
    const before = sql.length;
    expect(scrubLinkTokens(sql)).toBe(2);
    expect(sql.length).toBe(before);
    expect(sql.toString()).toBe(
      `INSERT INTO public.outbox VALUES ('Open ${RESET.replace("AbC123_-xyz", "x".repeat(11))} now', ` +
        `'<a href="${VERIFY.replace("eyJhbGc.eyJzdWIi.sig-_9", "x".repeat(23))}">');`,
    );
  });

  it("include an invitation's (issue 45): the token after /invite/, signature and all", () => {
    const invite = "https://shop.example/invite/Q1w2E3r4T5y6U7i8O9p0-_Aa.Zx9_-Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0";
    const sql = Buffer.from(`INSERT INTO public.outbox VALUES ('Open the invitation (${invite})');`);
    expect(scrubLinkTokens(sql)).toBe(1);
    expect(sql.toString()).toBe(
      `INSERT INTO public.outbox VALUES ('Open the invitation (https://shop.example/invite/${"x".repeat(57)})');`,
    );
  });

  it("in a file, also a token across a window's end", async () => {
    const file = path.join(work, "dump.sql");
    // The second link's token begins 5 bytes before the first window's end (1 MiB and its 4 KiB overlap).
    const tokenAt = RESET.indexOf("AbC123");
    const filler = "a".repeat((1 << 20) + 4096 - 5 - tokenAt - RESET.length - 1);
    await writeFile(file, `${RESET}\n${filler}${RESET}\n`);
    await scrubLinkTokensInFile(file);
    const text = await readFile(file, "utf8");
    expect(text).not.toContain("AbC123");
    expect(text.match(/reset-password\/x{11}\?/g)).toHaveLength(2);
  });
});
