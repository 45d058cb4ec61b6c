import type { Route } from "./+types/team";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { EmailAddress } from "~/components/ui/email-address";
import { Pager } from "~/components/ui/pager";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { InviteForm } from "~/features/users/invite-form";
import type { Invitation, InvitationStatus } from "~/features/users/invitations.schema";
import { requirePage } from "~/features/users/page-access.server";
import { RoleBadge } from "~/features/users/role-picker";
import { apiFetch } from "~/lib/api-client";
import { zonedFormatter } from "~/lib/business-date";
import { pageFromUrl } from "~/lib/pagination";
import { useSite } from "~/lib/use-site";
import { useRevalidator } from "react-router";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/team");
  const { page, limit, offset } = pageFromUrl(new URL(args.request.url), PAGE_SIZE);
  const list = await args.context.services.invitations.list(actor, { limit, offset });
  return { ...list, page, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Team | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const STATUS: Record<InvitationStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  accepted: { label: "Accepted", className: "bg-green-100 text-green-900" },
  expired: { label: "Expired", className: "bg-slate-100 text-slate-700" },
  withdrawn: { label: "Withdrawn", className: "bg-slate-100 text-slate-700" },
};

/**
 * The owner's Team page (issue 45): invite someone as staff, a manager or an admin, and see what was
 * sent, newest first, each with where it stands; a pending one can be withdrawn (its link stops working).
 */
export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  const revalidator = useRevalidator();
  const withdrawal = useConfirmedAction<Invitation>();
  const { timeZone } = useSite();
  const when = zonedFormatter("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  const day = zonedFormatter("en-US", { dateStyle: "medium", timeZone });

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Team</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        Invite the people who work with you. Each gets an e-mail with a link that works once, for 7 days; they sign up
        or log in with the invited address and accept. Change someone's role later on All Users.
      </p>
      <InviteForm onSent={() => revalidator.revalidate()} />

      <h2 className="mt-10 text-xl font-bold text-slate-900">Invitations</h2>
      {items.length === 0 ? (
        <p className="mt-4 rounded-lg bg-white p-6 text-slate-700">No invitations sent yet.</p>
      ) : (
        <DataTable caption="Invitations, newest first" columns={["E-mail", "Role", "Status", "Sent", ""]}>
          {items.map((invitation) => {
            const status = STATUS[invitation.status];
            return (
              <tr key={invitation._id} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  <EmailAddress email={invitation.email} />
                </th>
                <td className="px-4 py-3">
                  <RoleBadge role={invitation.role} />
                </td>
                <td className="px-4 py-3">
                  <span className={`rounded px-2 py-0.5 text-xs font-bold ${status.className}`}>{status.label}</span>
                  <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
                    {invitation.status === "accepted" && invitation.acceptedAt
                      ? when.format(new Date(invitation.acceptedAt))
                      : invitation.status === "withdrawn" && invitation.withdrawnAt
                        ? when.format(new Date(invitation.withdrawnAt))
                        : `${invitation.status === "expired" ? "Expired" : "Until"} ${when.format(new Date(invitation.expiresAt))}`}
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {day.format(new Date(invitation.createdAt))}
                  <span className="block text-xs text-slate-600">by {invitation.invitedBy}</span>
                </td>
                <td className="px-4 py-3 text-right">
                  {invitation.status === "pending" && (
                    <button
                      type="button"
                      onClick={() => withdrawal.ask(invitation)}
                      className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                    >
                      Withdraw<span className="sr-only"> the invitation of {invitation.email}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Invitations pages" />

      <ConfirmDialog
        open={withdrawal.pending !== null}
        title={`Withdraw the invitation of ${withdrawal.pending?.email ?? ""}?`}
        description="Its link stops working. You can invite them again later."
        confirmLabel="Withdraw"
        busyLabel="Withdrawing…"
        danger
        busy={withdrawal.busy}
        onConfirm={() =>
          withdrawal.run(async (invitation) => {
            await apiFetch(`/api/invitations/${invitation._id}`, { method: "DELETE" });
            return { title: "Withdrawn", description: `The invitation of ${invitation.email} no longer works.` };
          })
        }
        onClose={withdrawal.cancel}
      />
    </>
  );
}
