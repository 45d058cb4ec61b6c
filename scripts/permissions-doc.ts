import { writeFileSync } from "node:fs";
import { format } from "prettier";
import { JOBS, leastRole, OPERATIONS, PAGES, type Access } from "~/lib/permissions";

const WHO = { public: "anyone", member: "signed in", staff: "staff", manager: "manager", admin: "admin" } as const;
const cell = (access: Access) => `${WHO[leastRole(access) ?? "public"]}${access in JOBS ? ` (${access})` : ""}`;

/** docs/permissions.md: the permission table as people read it, made from app/lib/permissions.ts. */
export async function permissionsDoc(): Promise<string> {
  const jobs = Object.entries(JOBS).map(([job, role]) => `| ${job} | ${role} |`);
  const operations = Object.entries(OPERATIONS).map(([key, row]) => `| \`${key}\` | ${row.id} | ${cell(row.access)} |`);
  const pages = Object.entries(PAGES).map(([path, access]) => `| \`${path}\` | ${cell(access)} |`);
  const text = [
    "# Who may do what",
    "",
    "Made from `app/lib/permissions.ts` by `npm run docs:permissions` (a test fails when it is out of date).",
    "Roles in a line: member < staff < manager < admin; each may do what the ones before it may (decision 049).",
    "",
    "## Jobs",
    "",
    "| Job | Least role |",
    "| --- | --- |",
    ...jobs,
    "",
    "## API operations (under /api)",
    "",
    "| Operation | operationId | Least role (job) |",
    "| --- | --- | --- |",
    ...operations,
    "",
    "## Dashboard pages",
    "",
    "| Page | Least role (job) |",
    "| --- | --- |",
    ...pages,
    "",
  ].join("\n");
  // As the repository's Prettier check wants it.
  return format(text, { parser: "markdown", printWidth: 120 });
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync("docs/permissions.md", await permissionsDoc());
