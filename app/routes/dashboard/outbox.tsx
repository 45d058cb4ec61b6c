import type { Route } from "./+types/outbox";
import { EmailAddress } from "~/components/ui/email-address";
import { Pager } from "~/components/ui/pager";
import { SearchForm } from "~/components/ui/search-form";
import { DeliveryState, useBusinessTime } from "~/features/outbox/delivery-state";
import { EmailPreview } from "~/features/outbox/email-preview";
import { MessageHeaders } from "~/features/outbox/message-headers";
import { OUTBOX_FILTERS, outboxQuerySchema, type OutboxFilter } from "~/features/outbox/outbox.schema";
import { RetryButton } from "~/features/outbox/retry-button";
import { requirePage } from "~/features/users/page-access.server";
import { pageSearch } from "~/lib/page-search";
import { pageFromUrl } from "~/lib/pagination";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/outbox");
  const url = new URL(args.request.url);
  // The API's own rules for its filters: a NUL in the address reached the database and answered 500.
  const { to, state } = pageSearch(url, outboxQuerySchema.pick({ to: true, state: true }));
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const list = await args.context.services.outbox.listEmails(actor, { to, state, limit, offset });
  return { ...list, page, to: to ?? "", state: state ?? "", siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Outbox | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const FILTER_LABELS: Record<OutboxFilter | "", string> = {
  "": "All due",
  queued: "Queued",
  scheduled: "Scheduled reminders",
  sent: "Sent",
  failed: "Failed",
  kept: "Kept (no SMTP)",
};

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, to, state } = loaderData;
  const dateFormat = useBusinessTime();
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Outbox</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        Every e-mail the site sent to customers, newest first, and whether it went out. Without SMTP configured, this is
        where they are kept. A failed e-mail can be sent again.
      </p>
      <SearchForm name="to" label="Recipient" defaultValue={to} placeholder="Recipient e-mail" button="Filter">
        <label htmlFor="state-filter" className="sr-only">
          Delivery state
        </label>
        <select
          id="state-filter"
          name="state"
          defaultValue={state}
          className="rounded-md border border-slate-400 bg-white px-2 py-2"
        >
          {(["", ...OUTBOX_FILTERS] as const).map((value) => (
            <option key={value} value={value}>
              {FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      </SearchForm>
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No e-mails yet.</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {items.map((mail) => (
            <li key={mail._id}>
              <article aria-labelledby={`mail-${mail._id}`} className="rounded-xl border border-slate-200 bg-white p-5">
                <h2 id={`mail-${mail._id}`} className="font-bold text-slate-900">
                  {mail.subject}
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  To <EmailAddress email={mail.to} /> · {dateFormat.format(new Date(mail.createdAt))}
                </p>
                <MessageHeaders headers={mail.headers} />
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <DeliveryState mail={mail} />
                  {mail.state === "failed" && <RetryButton id={mail._id} subject={mail.subject} />}
                </div>
                <EmailPreview mail={mail} />
                {mail.attachments.length > 0 && (
                  <p className="mt-3 text-sm text-slate-700">
                    Attached:{" "}
                    {mail.attachments.map((file, i) => (
                      <a
                        key={i}
                        href={`/api/outbox/${mail._id}/attachments/${i}`}
                        download={file.filename}
                        className="mr-3 font-semibold text-brand-700 underline"
                      >
                        {file.filename}
                      </a>
                    ))}
                  </p>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Outbox pages" />
    </>
  );
}
