import { useLingui } from "@lingui/react/macro";
import { forwardRef, type InputHTMLAttributes } from "react";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { TextField } from "~/components/ui/form-field";
import { formatPrice } from "~/lib/money";
import { PROMO_CODE } from "../bookings.schema";

/** What the server said of the code typed, for the visit chosen (the quote: use-visit-quote.ts). */
export type PromoCheck =
  | { state: "none" | "checking" }
  | { state: "applies"; promoCode: string; discount: number; finalPrice: number }
  | { state: "refused"; message: string };

/**
 * 'Promo Code' (specification section 5, both forms) with what WASH5 takes off the visit's total,
 * once the server has priced the visit with it (decisions/029): never a price the request would
 * then be refused. One message at a time: once the request is refused, only its reason shows.
 */
export const PromoField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { error?: string; check: PromoCheck }
>(function PromoField({ error, check, ...input }, ref) {
  const { t } = useLingui();
  const applies = check.state === "applies" && {
    code: check.promoCode,
    discount: formatPrice(check.discount),
    pay: formatPrice(check.finalPrice),
  };
  return (
    <div>
      <TextField ref={ref} label={t`Promo Code`} autoComplete="off" placeholder={PROMO_CODE} error={error} {...input} />
      {!error && check.state !== "none" && (
        <p
          role="status"
          className={`mt-1 text-sm font-semibold ${check.state === "applies" ? "text-green-800" : check.state === "refused" ? "text-red-700" : "text-slate-600"}`}
        >
          {applies
            ? t`${applies.code}: ${applies.discount} off, you pay ${applies.pay}`
            : check.state === "refused"
              ? t(fixedMessage(check.message))
              : t`Checking the code…`}
        </p>
      )}
    </div>
  );
});
