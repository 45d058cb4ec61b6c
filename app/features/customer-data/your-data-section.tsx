import { Trans } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * The account page's "Your data": everything the shop holds about the member as one file (a plain
 * link: the server answers it as a download, no script needed), and deleting the account.
 */
export function YourDataSection() {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="your-data-heading" className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="your-data-heading" className="text-lg font-bold text-slate-900">
        <Trans>Your data</Trans>
      </h2>
      <p className="mt-1 text-slate-700">
        <Trans>
          Download everything we hold about you: your account, vehicles, bookings, reviews, the e-mails we sent you and
          your e-mail choices. Or delete your account.
        </Trans>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href="/api/me/export"
          download
          className={`${buttonClass({ variant: "outline" })} inline-flex items-center gap-2`}
        >
          <Download aria-hidden className="size-4" />
          <Trans>Download my data</Trans>
        </a>
        <button type="button" onClick={() => setDeleting(true)} className={buttonClass({ variant: "secondary" })}>
          <Trans>Delete my account</Trans>
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
