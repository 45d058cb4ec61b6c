import { data, Link } from "react-router";
import type { Route } from "./+types/invite";
import { buttonClass } from "~/components/ui/button";
import { AcceptInvitation, SignInToAccept, WrongAccount } from "~/features/users/invitation-actions";
import {
  INVITATION_EXPIRED,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  wrongAccount,
} from "~/features/users/invitations.schema";
import { ROLE_WORDS } from "~/features/users/role-words";
import { zonedFormatter } from "~/lib/business-date";
import { PRIVATE_LINK_HEADERS, privateLinkMeta } from "~/lib/page-meta";

/**
 * The page an invitation's link opens (issue 45): who invited whom as what, and the one way on for
 * whoever opens it. Opening it changes nothing (mail scanners open every link). A link the server did
 * not write is the site's not-found page; one used, expired or withdrawn says so (410), except to the
 * person who accepted it, who is told what they are now.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const actor = await context.services.getActor(request.headers);
  const invitation = await context.services.invitations.page(actor, params.token);
  if (!invitation) throw data(null, { status: 404, headers: PRIVATE_LINK_HEADERS });
  const joined = invitation.viewer.kind === "invitee" && invitation.viewer.acceptedIt;
  const expires = zonedFormatter("en-US", {
    timeZone: context.site.timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(invitation.expiresAt));
  return data(
    { ...invitation, joined, expires, token: params.token, shop: context.site.name },
    { status: invitation.status === "pending" || joined ? 200 : 410, headers: PRIVATE_LINK_HEADERS },
  );
}

/** The token in the address is the invitation's key: the page is the invitee's alone. */
export const headers: Route.HeadersFunction = () => PRIVATE_LINK_HEADERS;

export const meta: Route.MetaFunction = (args) => privateLinkMeta(args, "Invitation to the team");

const ENDED = {
  accepted: { title: "This invitation has been used", text: INVITATION_USED },
  expired: { title: "This invitation has expired", text: INVITATION_EXPIRED },
  withdrawn: { title: "This invitation was withdrawn", text: INVITATION_WITHDRAWN },
};

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const { email, role, invitedBy, status, viewer, joined, expires, token, shop } = loaderData;
  const here = `/invite/${token}`;
  const as = ROLE_WORDS[role];
  const ended = status === "pending" || joined ? null : ENDED[status];
  const title = joined ? `You're now ${as} at ${shop}` : ended ? ended.title : `Join ${shop} as ${as}`;
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10 text-white sm:py-14">
        <div className="mx-auto max-w-3xl">
          <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">Invitation to the team</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words sm:text-5xl">{title}</h1>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <section
          aria-label="The invitation"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-md sm:p-6"
        >
          <p className="text-lg text-slate-900">
            <strong>{invitedBy}</strong> invited <strong className="break-words">{email}</strong> to join the team at{" "}
            {shop} as <strong>{as}</strong>.
          </p>
          {status === "pending" && <p className="mt-2 text-slate-700">The link works once, until {expires}.</p>}
          {joined ? (
            <>
              <p className="mt-4 text-slate-800">Your account has its new role from now on.</p>
              <Link to="/dashboard" className={`mt-5 inline-block ${buttonClass({ size: "lg" })}`}>
                Open the dashboard
              </Link>
            </>
          ) : ended ? (
            <p className="mt-4 text-slate-800">{ended.text}</p>
          ) : viewer.kind === "visitor" ? (
            <SignInToAccept email={email} here={here} />
          ) : viewer.kind === "invitee" ? (
            <AcceptInvitation token={token} role={role} />
          ) : (
            <WrongAccount message={wrongAccount(email, viewer.email)} here={here} />
          )}
        </section>
      </div>
    </main>
  );
}
