import { forwardRef, type InputHTMLAttributes } from "react";
import { TextField } from "~/components/ui/form-field";
import { formatPrice } from "~/lib/money";
import { PROMO_CODE } from "../bookings.schema";
import { priceWithPromoPreview } from "./promo-preview";

/**
 * 'Promo Code' (specification section 5, both forms) with what WASH5 takes off the package's
 * price. One message at a time: once the server refuses the code, only its reason shows.
 */
export const PromoField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { error?: string; code: string; price: number | null }
>(function PromoField({ error, code, price, ...input }, ref) {
  const preview = error ? null : priceWithPromoPreview(price, code);
  return (
    <div>
      <TextField ref={ref} label="Promo Code" autoComplete="off" placeholder={PROMO_CODE} error={error} {...input} />
      {preview && (
        <p role="status" className="mt-1 text-sm font-semibold text-green-800">
          {PROMO_CODE}: {formatPrice(preview.discount)} off, you pay {formatPrice(preview.final)}
        </p>
      )}
    </div>
  );
});
