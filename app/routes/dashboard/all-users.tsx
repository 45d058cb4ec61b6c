import { Link } from "react-router";
import type { Route } from "./+types/all-users";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { EmailAddress } from "~/components/ui/email-address";
import { Pager } from "~/components/ui/pager";
import { SearchForm } from "~/components/ui/search-form";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { requirePage } from "~/features/users/page-access.server";
import { RolePicker } from "~/features/users/role-picker";
import { ROLE_MEANS, ROLE_WORDS } from "~/features/users/role-words";
import { userListQuerySchema, type PublicUser } from "~/features/users/users.schema";
import { apiFetch } from "~/lib/api-client";
import { zonedFormatter } from "~/lib/business-date";
import { pageSearch } from "~/lib/page-search";
import { pageFromUrl } from "~/lib/pagination";
import { ROLE_LABELS, type Role } from "~/lib/roles";
import { useSite } from "~/lib/use-site";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/allUsers");
  const url = new URL(args.request.url);
  // The API's own rules for its search: a NUL in it reached the database and answered 500.
  const { q } = pageSearch(url, userListQuerySchema.pick({ q: true }));
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const { users } = args.context.services;
  const [list, adminCount] = await Promise.all([users.listUsers(actor, { q, limit, offset }), users.countAdmins()]);
  return { ...list, page, q: q ?? "", adminCount, meId: actor.id, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `All Users | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

type Pending = { kind: "role"; user: PublicUser; role: Role } | { kind: "delete"; user: PublicUser } | null;

/** Why an action is not allowed for this row, or null when it is. */
function deleteBlocked(user: PublicUser, meId: string, adminCount: number): string | null {
  if (user._id === meId) return "You can't delete your own account.";
  if (user.role === "admin" && adminCount <= 1) return "The last administrator can't be deleted.";
  return null;
}

/** Why this row's role cannot change: never one's own, never the last admin's (the server's words). */
function roleBlocked(user: PublicUser, meId: string, adminCount: number): string | null {
  if (user._id === meId) return "You can't change your own role: another administrator can.";
  if (user.role === "admin" && adminCount <= 1) return "The last administrator can't be given another role.";
  return null;
}

/** The dialog's words for each action. */
function dialogOf(pending: NonNullable<Pending>) {
  const { user } = pending;
  if (pending.kind === "role")
    return {
      title: `Make ${user.name} ${ROLE_WORDS[pending.role]}?`,
      description: `${ROLE_MEANS[pending.role]} The change holds from their next page.`,
      confirmLabel: `Make ${ROLE_LABELS[pending.role].toLowerCase()}`,
      busyLabel: "Updating…",
    };
  return {
    title: `Delete ${user.name}?`,
    description: `${user.email} will be signed out everywhere and the account removed. Their past bookings stay on record.`,
    confirmLabel: "Delete",
    busyLabel: "Deleting…",
  };
}

const CLOSED_DIALOG = { title: "", description: "", confirmLabel: "" };

export default function AllUsersPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, adminCount, meId } = loaderData;
  const action = useConfirmedAction<NonNullable<Pending>>();
  const pending = action.pending;
  // The business's calendar, on the server and in the browser alike: the browser's own zone would
  // name another day near midnight, and React would throw away the server's page (error #418).
  const dateFormat = zonedFormatter("en-US", { dateStyle: "medium", timeZone: useSite().timeZone });

  const confirm = () =>
    action.run(async (pending) => {
      const { user } = pending;
      if (pending.kind === "role") {
        await apiFetch(`/api/user/${user._id}/role`, { method: "PUT", json: { role: pending.role } });
        return { title: "Updated!", description: `${user.name} is now ${ROLE_WORDS[pending.role]}.` };
      }
      await apiFetch(`/api/user/${user._id}`, { method: "DELETE" });
      return { title: "Deleted!", description: `${user.name}'s account was deleted.` };
    });

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">All Users</h1>
      <p className="mt-1 text-slate-700">{total === 1 ? "1 account" : `${total} accounts`}</p>
      <p className="mt-1 text-slate-700">
        Choose a person's role and save it: it holds from their next page. To bring someone new onto the team,{" "}
        <Link to="/dashboard/team" className="font-semibold text-brand-700 underline underline-offset-4">
          invite them
        </Link>
        .
      </p>
      <SearchForm name="q" label="Search users" defaultValue={q} placeholder="Search by name or e-mail" />

      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No results found.</p>
      ) : (
        <DataTable caption="Users, newest first" columns={["Name", "E-mail", "Role", "Joined", ""]}>
          {items.map((user) => {
            const deleteReason = deleteBlocked(user, meId, adminCount);
            return (
              <tr key={user._id} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {user.name}
                </th>
                <td className="px-4 py-3 text-slate-700">
                  <EmailAddress email={user.email} />
                </td>
                <td className="px-4 py-3">
                  <RolePicker
                    key={`${user._id}:${user.role}`}
                    name={user.name}
                    role={user.role}
                    blocked={roleBlocked(user, meId, adminCount)}
                    onChoose={(role) => action.ask({ kind: "role", user, role })}
                  />
                </td>
                <td className="px-4 py-3 text-slate-700">{dateFormat.format(new Date(user.createdAt))}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <ActionButton
                      text="Delete"
                      subject={user.name}
                      danger
                      reason={deleteReason}
                      onClick={() => action.ask({ kind: "delete", user })}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Users pages" />

      <ConfirmDialog
        open={pending !== null}
        {...(pending ? dialogOf(pending) : CLOSED_DIALOG)}
        danger={pending?.kind === "delete"}
        busy={action.busy}
        onConfirm={confirm}
        onClose={action.cancel}
      />
    </>
  );
}

/** A row action that, when not allowed, stays visible but disabled with its reason read out. */
function ActionButton({
  text,
  subject,
  reason,
  danger,
  onClick,
}: {
  text: string;
  subject: string;
  reason: string | null;
  danger?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-disabled={reason !== null}
      title={reason ?? undefined}
      onClick={() => reason === null && onClick()}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${danger ? "border border-red-700 text-red-800 hover:bg-red-50" : "border border-brand-700 text-brand-800 hover:bg-brand-50"}`}
    >
      {text}
      <span className="sr-only"> {subject}</span>
      {reason && <span className="sr-only"> (not available: {reason})</span>}
    </button>
  );
}
