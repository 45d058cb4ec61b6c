import { getTableColumns } from "drizzle-orm";
import { getAuthTables } from "better-auth/db";
import { admin, bearer, twoFactor } from "better-auth/plugins";
import { describe, expect, it } from "vitest";
import { productUserFields } from "../../auth";
import { accounts, sessions, twoFactors, users, verifications } from "./people";

// better-auth's CLI needs Node 22, so its tables are written by hand: this keeps them in step
// with what the library (with our plugins and fields) expects.
const expected = getAuthTables({
  plugins: [admin({ defaultRole: "member", adminRoles: ["admin"] }), bearer(), twoFactor()],
  user: { additionalFields: productUserFields },
});

describe("auth tables", () => {
  it.each([
    ["user", users],
    ["session", sessions],
    ["account", accounts],
    ["verification", verifications],
    ["twoFactor", twoFactors],
  ] as const)("%s has every field better-auth uses, with the right nullability", (model, table) => {
    const columns = getTableColumns(table);
    for (const [field, attribute] of Object.entries(expected[model]!.fields)) {
      const column = columns[field as keyof typeof columns];
      expect(column, `${model}.${field}`).toBeDefined();
      if (attribute.required && attribute.defaultValue === undefined)
        expect(column!.notNull, `${model}.${field} not null`).toBe(true);
      if (attribute.unique) expect(column!.isUnique, `${model}.${field} unique`).toBe(true);
    }
  });
});
