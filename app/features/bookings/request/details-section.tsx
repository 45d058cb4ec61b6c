import { useLingui } from "@lingui/react/macro";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { stepClass, type BookingAccount, type BookingFormApi } from "./booking-form-values";
import { PromoField, type PromoCheck } from "./promo-field";

/**
 * Step 4: the customer's name and phone, the contact form's e-mail (an account's, read-only), the
 * promo code and anything the shop should know; and the field only bots fill in.
 */
export function DetailsSection({
  form,
  contact,
  account,
  promoCheck,
}: {
  form: BookingFormApi;
  /** The contact form's (not the package page's): it asks for the e-mail. */
  contact: boolean;
  account: BookingAccount | null;
  promoCheck: PromoCheck;
}) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <>
      <h3 className={stepClass}>{t`4. Your details`}</h3>
      <TextField
        label={t`Full Name`}
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register("fullName")}
      />
      <TextField
        label={t`Phone Number`}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register("phone")}
      />
      {contact && (
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          readOnly={Boolean(account)}
          hint={account ? t`From your account` : t`We send your confirmation here.`}
          error={errors.email?.message}
          {...form.register("email")}
        />
      )}
      <PromoField check={promoCheck} error={errors.promoCode?.message} {...form.register("promoCode")} />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t`Special Instructions`}
          rows={3}
          error={errors.specialInstructions?.message}
          {...form.register("specialInstructions")}
        />
      </div>
      {/* A field people never see: bots that fill every input give themselves away. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="booking-website">{t`Website`}</label>
        <input id="booking-website" tabIndex={-1} autoComplete="off" {...form.register("website")} />
      </div>
    </>
  );
}
