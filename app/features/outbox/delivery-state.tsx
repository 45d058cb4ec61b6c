import { zonedFormatter } from "~/lib/business-date";
import { useSite } from "~/lib/use-site";
import type { OutboxEmail } from "./outbox.schema";

const LABELS: Record<OutboxEmail["state"], { text: string; className: string }> = {
  queued: { text: "Queued", className: "bg-amber-100 text-amber-900" },
  sent: { text: "Sent", className: "bg-emerald-100 text-emerald-900" },
  failed: { text: "Failed", className: "bg-red-100 text-red-900" },
  kept: { text: "Kept here (no SMTP)", className: "bg-slate-100 text-slate-800" },
};

/** Times on the business's clock (as the e-mails and the bookings say them), the same on server and browser. */
export function useBusinessTime() {
  const { timeZone } = useSite();
  return zonedFormatter("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
}

/** A message's delivery as a short line: its state, when it went or is due, and why it failed. */
export function DeliveryState({ mail }: { mail: OutboxEmail }) {
  const when = useBusinessTime();
  const label = LABELS[mail.state];
  const queued = mail.state === "queued";
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${label.className}`}>
        {queued && mail.attempts > 0 ? "Retrying" : label.text}
      </span>
      {mail.kind === "reminder" && <span className="text-xs font-semibold text-slate-600">Reminder</span>}
      {mail.state === "sent" && mail.sentAt && (
        <span className="text-xs text-slate-600">{when.format(new Date(mail.sentAt))}</span>
      )}
      {queued && <span className="text-xs text-slate-600">due {when.format(new Date(mail.sendAfter))}</span>}
      {mail.attempts > 1 && <span className="text-xs text-slate-600">{mail.attempts} attempts</span>}
      {mail.lastError && mail.state !== "sent" && (
        <span className="text-xs break-all text-red-800">Last error: {mail.lastError}</span>
      )}
    </span>
  );
}
