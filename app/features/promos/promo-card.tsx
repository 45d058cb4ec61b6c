import { Trans } from "@lingui/react/macro";
import { Check, Copy, Tag } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";

/** One promo code, 5% off, one use per customer, not combinable (specification: docs/specification-quirks.md §12). */
export const PROMO_CODE = "WASH5";

export function PromoCard() {
  const [copied, setCopied] = useState(false);
  const localePath = useLocalePath();
  async function copy() {
    try {
      await navigator.clipboard.writeText(PROMO_CODE);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions, insecure origin): the code stays visible to type in.
    }
  }
  return (
    <section aria-labelledby="promo-heading" className="mx-auto max-w-6xl px-4 py-14">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-r from-accent-400 to-amber-300 p-8 text-slate-900 shadow-lg sm:p-10">
        <Tag aria-hidden className="absolute -top-6 -right-6 size-40 rotate-12 text-white/30" />
        <p className="text-sm font-bold tracking-widest uppercase">
          <Trans>Limited offer</Trans>
        </p>
        <h2 id="promo-heading" className="mt-2 text-3xl font-extrabold sm:text-4xl">
          <Trans>5% off your next wash</Trans>
        </h2>
        <p className="mt-3 max-w-xl text-lg">
          <Trans>
            Enter code <strong>{PROMO_CODE}</strong> in the Promo Code field when you book any package.
          </Trans>
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <span className="rounded-lg border-2 border-dashed border-slate-900 bg-white/70 px-4 py-2 font-mono text-2xl font-extrabold tracking-widest">
            {PROMO_CODE}
          </span>
          <button
            type="button"
            onClick={copy}
            className="inline-flex items-center gap-2 rounded-md bg-slate-900 px-4 py-3 font-bold text-white hover:bg-slate-800"
          >
            {copied ? <Check aria-hidden className="size-5" /> : <Copy aria-hidden className="size-5" />}
            <Trans>Copy code</Trans>
          </button>
          <span role="status" className="font-semibold">
            {copied ? <Trans>Copied</Trans> : ""}
          </span>
          <Link to={localePath("/contact")} className="font-bold underline underline-offset-4 hover:no-underline">
            <Trans>Book a slot</Trans>
          </Link>
        </div>
        <ul className="mt-6 space-y-1 text-sm font-medium">
          <li>
            <Trans>One use per customer.</Trans>
          </li>
          <li>
            <Trans>Cannot be combined with other offers or discounts.</Trans>
          </li>
        </ul>
      </div>
    </section>
  );
}
