import type { Route } from "./+types/receipt";
import { BackButton } from "~/components/ui/back-button";
import { buttonClass } from "~/components/ui/button";
import { receiptMoment, receiptVisitDate } from "~/features/till/receipt";
import { ReceiptView, type PrintedReceipt } from "~/features/till/receipt-view";
import { receiptRows } from "~/features/till/till-emails";
import { requirePage } from "~/features/users/page-access.server";
import { foundOr404 } from "~/lib/loader-response";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/receipt/:bookingId");
  const { services, site } = args.context;
  // The e-mail's receipt and rows (receiptOf, receiptRows), so the paper and the e-mail say the same.
  const r = await foundOr404(services.till.payments.receipt(actor, args.params.bookingId));
  const rows = receiptRows(r);
  const receipt: PrintedReceipt = {
    shop: { name: site.name, address: site.address, phone: site.phone },
    reference: r.reference,
    fullName: r.fullName,
    visitDate: receiptVisitDate(r),
    service: r.service,
    vehicle: r.vehicle,
    lines: rows.lines,
    total: r.total,
    payments: rows.payments,
    paid: r.paid,
    balance: r.balance,
    at: `${r.balance === 0 ? "Paid" : "Printed"} ${receiptMoment(r, site.timeZone)}`,
  };
  return { receipt, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Receipt ${data?.receipt.reference ?? ""} | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** A visit's receipt, to print on the counter's 80 mm roll: only the receipt prints. */
export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  return (
    <>
      <div className="print:hidden">
        <BackButton />
        <h1 className="mt-3 text-3xl font-bold text-slate-900">Receipt {receipt.reference}</h1>
        <p className="mt-1 max-w-2xl text-slate-700">
          {receipt.fullName}, {receipt.visitDate}. Load the 80 mm receipt roll; only the receipt prints.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" onClick={() => window.print()} className={buttonClass({ size: "lg" })}>
            Print
          </button>
        </div>
      </div>
      <div className="mt-8 print:mt-0">
        <ReceiptView receipt={receipt} />
      </div>
    </>
  );
}
