import { describe, expect, it } from "vitest";
import { auditRows, changedFields, describeChanges, SYSTEM } from "./audit-log";

describe("changedFields", () => {
  it("keeps just the fields whose value differs, each side", () => {
    expect(
      changedFields({ bays: 3, notifyEmail: "a@example.com", reminderHours: 24 }, { bays: 4, reminderHours: 24 }),
    ).toEqual({ before: { bays: 3 }, after: { bays: 4 } });
  });

  it("is null when nothing differs, and reads a table back in any key order as the same", () => {
    const stored = { classPrices: { large: { minutes: 90, priceCents: 4000 }, medium: { priceCents: 3000 } } };
    const sent = { classPrices: { medium: { priceCents: 3000 }, large: { priceCents: 4000, minutes: 90 } } };
    expect(changedFields(stored, sent)).toBeNull();
    expect(changedFields({ name: "Basic" }, { name: undefined })).toBeNull();
  });

  it("says a field that had no value was null before", () => {
    expect(changedFields<{ rating?: number | null }>({}, { rating: 4 })).toEqual({
      before: { rating: null },
      after: { rating: 4 },
    });
  });
});

describe("describeChanges", () => {
  it("says each change in its words, in the words' order; a list or table only that it changed", () => {
    const said = describeChanges(
      {
        before: { priceCents: 2499, features: ["Wax"], name: "Basic" },
        after: { priceCents: 2999, features: [], name: "Plus" },
      },
      {
        name: { label: "name" },
        priceCents: { label: "price", show: (cents: number) => `$${(cents / 100).toFixed(2)}` },
        features: { label: "features" },
      },
    );
    expect(said).toBe("name Basic → Plus; price $24.99 → $29.99; features changed");
  });

  it("still names a field it has no words for, and says an empty value as none", () => {
    expect(
      describeChanges(
        { before: { reply: "", odd: 1 }, after: { reply: "Thanks", odd: 2 } },
        { reply: { label: "reply" } },
      ),
    ).toBe("reply none → Thanks; odd changed");
  });
});

describe("auditRows", () => {
  it("gives the records of a process ids in the order they were made, so a transaction's records keep it", () => {
    const change = { kind: "plan.update", subjectType: "plan", summary: "x" };
    const ids = Array.from({ length: 50 }, () => auditRows(SYSTEM, [change])[0]!.id);
    expect(ids).toEqual([...ids].sort());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });
});
