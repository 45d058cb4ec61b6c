import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/all-users";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Pager } from "~/components/ui/pager";
import { SearchForm } from "~/components/ui/search-form";
import { useToast } from "~/components/ui/toast";
import { requireAdminPage } from "~/features/users/page-access.server";
import type { PublicUser } from "~/features/users/users.schema";
import { apiFetch, ApiError } from "~/lib/api-client";
import { pageFromUrl } from "~/lib/pagination";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdminPage(args);
  const url = new URL(args.request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const { users } = args.context.services;
  const [list, adminCount] = await Promise.all([users.listUsers(actor, { q, limit, offset }), users.countAdmins()]);
  return { ...list, page, q: q ?? "", adminCount, meId: actor.id, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `All Users | ${data?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];

type Pending = { kind: "promote" | "delete"; user: PublicUser } | null;

/** Why an action is not allowed for this row, or null when it is. */
function deleteBlocked(user: PublicUser, meId: string, adminCount: number): string | null {
  if (user._id === meId) return "You can't delete your own account.";
  if (user.role === "admin" && adminCount <= 1) return "The last administrator can't be deleted.";
  return null;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export default function AllUsersPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, adminCount, meId } = loaderData;
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const revalidator = useRevalidator();

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === "promote") {
        await apiFetch(`/api/user/admin/${pending.user._id}`, { method: "PATCH" });
        void toast({ title: "Updated!", description: `${pending.user.name} is now an administrator.`, tone: "success" });
      } else {
        await apiFetch(`/api/user/${pending.user._id}`, { method: "DELETE" });
        void toast({ title: "Deleted!", description: `${pending.user.name}'s account was deleted.`, tone: "success" });
      }
      setPending(null);
      await revalidator.revalidate();
    } catch (error) {
      void toast({ title: "Failed", description: error instanceof ApiError && error.message ? error.message : "Please try again.", tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">All Users</h1>
      <p className="mt-1 text-slate-700">{total === 1 ? "1 account" : `${total} accounts`}</p>
      <SearchForm name="q" label="Search users" defaultValue={q} placeholder="Search by name or e-mail" />

      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No results found.</p>
      ) : (
        // `relative` keeps the buttons' screen-reader text (absolutely placed) inside the scroll box,
        // or it would widen the whole page on a phone.
        <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Users, newest first</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">Name</th>
                <th scope="col" className="px-4 py-3">E-mail</th>
                <th scope="col" className="px-4 py-3">Role</th>
                <th scope="col" className="px-4 py-3">Joined</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => {
                const promoteReason = user.role === "admin" ? "Already an administrator." : null;
                const deleteReason = deleteBlocked(user, meId, adminCount);
                return (
                  <tr key={user._id} className="border-t border-slate-200">
                    <th scope="row" className="px-4 py-3 font-semibold text-slate-900">{user.name}</th>
                    <td className="px-4 py-3 text-slate-700">{user.email}</td>
                    <td className="px-4 py-3">
                      <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${user.role === "admin" ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-700"}`}>
                        {user.role}
                      </span>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{dateFormat.format(new Date(user.createdAt))}</td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-2">
                        <ActionButton text="Promote" subject={user.name} reason={promoteReason} onClick={() => setPending({ kind: "promote", user })} />
                        <ActionButton text="Delete" subject={user.name} danger reason={deleteReason} onClick={() => setPending({ kind: "delete", user })} />
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Users pages" />

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "delete" ? `Delete ${pending.user.name}?` : `Make ${pending?.user.name ?? ""} an administrator?`}
        description={
          pending?.kind === "delete"
            ? `${pending.user.email} will be signed out everywhere and the account removed. Their past bookings stay on record.`
            : "Administrators can manage packages, bookings and every account."
        }
        confirmLabel={pending?.kind === "delete" ? "Delete" : "Promote"}
        busyLabel={pending?.kind === "delete" ? "Deleting…" : "Updating…"}
        danger={pending?.kind === "delete"}
        busy={busy}
        onConfirm={confirm}
        onClose={() => !busy && setPending(null)}
      />
    </>
  );
}

/** A row action that, when not allowed, stays visible but disabled with its reason read out. */
function ActionButton({ text, subject, reason, danger, onClick }: { text: string; subject: string; reason: string | null; danger?: boolean; onClick(): void }) {
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
