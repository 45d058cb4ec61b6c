/**
 * A message's extra headers as the mail server gets them: the admin can see that a reminder or a
 * review request carries its one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post).
 * Text, not links: opening the address is the customer's business.
 */
export function MessageHeaders({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <dl aria-label="Headers" className="mt-2 space-y-0.5 text-sm">
      {entries.map(([name, value]) => (
        <div key={name} className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-slate-700">{name}:</dt>
          <dd className="min-w-0 font-mono break-all text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
