import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/form-field";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { apiFetch } from "~/lib/api-client";

/** webcal:// is what makes a click open the calendar app's "subscribe" rather than download a file. */
const webcal = (url: string) => url.replace(/^https?:\/\//, "webcal://");

/** The admin's private calendar feed: copy it into a calendar app, or renew it if it leaked. */
export function CalendarFeedPanel({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const renew = useConfirmedAction<true>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions, insecure origin): the link stays in the field to select.
    }
  }
  return (
    <section aria-labelledby="calendar-feed-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="calendar-feed-heading" className="text-lg font-bold text-slate-900">
        Your calendar
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Subscribe Google, Apple or Outlook Calendar to this private link: every booking from last week to 90 days ahead,
        with the customer, phone, vehicle, service and bay time. It updates as bookings change. Keep it to yourself.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label="Calendar link"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900"
        />
        <button
          type="button"
          onClick={copy}
          className={`${buttonClass({ variant: "outline", size: "lg" })} justify-self-start sm:justify-self-auto`}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={webcal(url)} className={buttonClass({ size: "md" })}>
          Add to calendar
        </a>
        <button
          type="button"
          onClick={() => renew.ask(true)}
          className={buttonClass({ variant: "outline", size: "md" })}
        >
          Renew link
        </button>
      </div>
      <ConfirmDialog
        open={renew.pending !== null}
        title="Renew your calendar link?"
        description="The old link stops working at once: calendars subscribed to it need the new one."
        confirmLabel="Renew link"
        busy={renew.busy}
        busyLabel="Renewing…"
        onConfirm={() =>
          renew.run(async () => {
            await apiFetch("/api/calendar-feed/renew", { method: "POST", json: {} });
            return { title: "Link renewed", description: "Subscribe your calendar to the new link." };
          })
        }
        onClose={renew.cancel}
      />
    </section>
  );
}
