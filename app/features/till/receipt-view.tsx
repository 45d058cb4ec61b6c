import { formatMoney } from "./till.schema";

/** A receipt's rows as the e-mail's (till-emails.ts receiptRows): label and amount, already in words. */
export interface ReceiptRow {
  label: string;
  amount: string;
}

/** What the printed receipt says: the shop, the visit and its money, all in words already. */
export interface PrintedReceipt {
  shop: { name: string; address: string; phone: string };
  reference: string;
  fullName: string;
  visitDate: string;
  service: string;
  vehicle: string;
  lines: ReceiptRow[];
  total: number;
  payments: ReceiptRow[];
  paid: number;
  balance: number;
  /** When it was settled (or printed, while something is owed), on the shop's clock. */
  at: string;
}

function Rows({ name, rows }: { name: string; rows: ReceiptRow[] }) {
  return (
    <table aria-label={name} className="mt-2 w-full border-collapse">
      <tbody>
        {rows.map((row, i) => (
          <tr key={`${row.label}-${i}`}>
            <td className="py-0.5 pr-2 align-top">{row.label}</td>
            <td className="py-0.5 text-right align-top whitespace-nowrap tabular-nums">{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "text-[1.15em] font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatMoney(value)}</dd>
    </div>
  );
}

/**
 * A visit's receipt, shaped as the 80 mm roll it prints on (issue 46): narrow, monospaced, the
 * shop at the top; the lines and payments are the e-mail's own rows, so both say the same.
 */
export function ReceiptView({ receipt }: { receipt: PrintedReceipt }) {
  const rule = "my-2 border-t border-dashed border-black";
  return (
    <article
      aria-label="Receipt"
      className="till-receipt mx-auto w-[80mm] max-w-full bg-white p-[4mm] font-mono text-[12px] leading-snug text-black shadow-md ring-1 ring-slate-300 print:w-full print:p-0 print:shadow-none print:ring-0"
    >
      <header className="text-center">
        <h2 className="text-[1.3em] font-bold">{receipt.shop.name}</h2>
        <p>{receipt.shop.address}</p>
        <p>{receipt.shop.phone}</p>
      </header>
      <hr className={rule} />
      <dl>
        {(
          [
            ["Receipt", receipt.reference],
            ["Date", receipt.visitDate],
            ["Customer", receipt.fullName],
            ["Service", receipt.service],
            ["Vehicle", receipt.vehicle],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="shrink-0">{label}</dt>
            <dd className="min-w-0 text-right break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <hr className={rule} />
      <Rows name="Items" rows={receipt.lines} />
      <dl className="mt-1">
        <Figure label="Total" value={receipt.total} strong />
      </dl>
      <hr className={rule} />
      <Rows name="Payments" rows={receipt.payments} />
      <dl className="mt-1">
        <Figure label="Paid" value={receipt.paid} strong />
        <Figure label="Balance" value={receipt.balance} />
      </dl>
      <hr className={rule} />
      <p className="text-center">{receipt.at}</p>
      <p className="mt-1 text-center">Thank you for your visit!</p>
    </article>
  );
}
