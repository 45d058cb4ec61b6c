import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useLocation } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { formatPrice } from "~/lib/money";
import { apiFetch } from "~/lib/api-client";
import { loginPath } from "~/lib/safe-redirect";
import {
  ANYTIME,
  bookingRequestSchema,
  CLOSED_DATE,
  PACKAGE_SELECTIONS,
  PROMO_CODE,
  SERVICE_TYPES,
  TIME_SLOTS,
  VEHICLE_TYPES,
} from "./bookings.schema";
import { priceWithPromoPreview } from "./promo-preview";
import { useAvailability } from "./use-availability";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useApiSubmit } from "~/components/ui/use-api-submit";

type Variant =
  /** The contact and home pages: visitors give their e-mail. */
  | { kind: "contact"; signedInEmail: string | null }
  /** The package page: only for signed-in users; the account's e-mail is used. */
  | { kind: "package"; signedInEmail: string | null; plan: { _id: string; name: string; price: number | null } };

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function BookingForm({ variant, today }: { variant: Variant; today: string }) {
  const toast = useToast();
  const location = useLocation();
  const isPackage = variant.kind === "package";
  const schema = bookingRequestSchema({ today, requireEmail: variant.kind === "contact" && !variant.signedInEmail });
  type Input = z.input<typeof schema>;
  const empty: Input = {
    fullName: "",
    phone: "",
    email: variant.signedInEmail ?? "",
    vehicleType: "" as Input["vehicleType"],
    vehicleYear: "",
    serviceType: "" as Input["serviceType"],
    packageSelection: "None",
    preferredDate: "",
    preferredTimeSlot: "" as Input["preferredTimeSlot"],
    promoCode: "",
    specialInstructions: "",
    website: "",
  };
  const form = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const [date, promo, serviceType, packageSelection] = useWatch({
    control: form.control,
    name: ["preferredDate", "promoCode", "serviceType", "packageSelection"],
  });
  // The slots follow the service's length: the package's, or the chosen service's.
  const availability = useAvailability(
    date,
    isPackage ? { planId: variant.plan._id } : { serviceType: serviceType || undefined, packageSelection },
  );
  const blocked = isPackage && !variant.signedInEmail;

  const slotOptions = TIME_SLOTS.map((slot) => {
    const place = availability?.slots.find((s) => s.slot === slot);
    if (slot === ANYTIME || place === undefined) return { value: slot, label: slot };
    if (place.started) return { value: slot, label: `${slot} (already started)`, disabled: true };
    if (place.reason === "too-late")
      return { value: slot, label: `${slot} (too late for this service)`, disabled: true };
    return {
      value: slot,
      label: place.remaining === 0 ? `${slot} (full)` : `${slot} (${place.remaining} left)`,
      disabled: place.remaining === 0,
    };
  });

  const onSubmit = useApiSubmit(form, {
    failure: "Submission failed",
    fallback: "Please try again later.",
    submit: async (values) => {
      const body = { ...values, ...(isPackage && { planId: variant.plan._id, email: undefined }) };
      const result = await apiFetch<{ insertedId?: string }>("/api/bookings", { method: "POST", json: body });
      if (!result?.insertedId) {
        void toast({ title: "Something went wrong", description: "Please try again.", tone: "error" });
        return;
      }
      void toast(
        isPackage
          ? { title: "Request Sent Successfully!", description: "We’ll confirm your slot shortly.", tone: "success" }
          : { title: "Booking Request Sent!", description: "We’ll confirm your slot shortly.", tone: "success" },
      );
      form.reset(empty);
    },
  });

  const preview = isPackage ? priceWithPromoPreview(variant.plan.price, promo ?? "") : null;

  return (
    <ClientForm onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Full Name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register("fullName")}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register("phone")}
      />
      {variant.kind === "contact" && (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={Boolean(variant.signedInEmail)}
          hint={variant.signedInEmail ? "From your account" : undefined}
          error={errors.email?.message}
          {...form.register("email")}
        />
      )}
      <SelectField
        label="Vehicle Type"
        placeholder="Select…"
        options={options(VEHICLE_TYPES)}
        error={errors.vehicleType?.message}
        {...form.register("vehicleType")}
      />
      <TextField
        label="Vehicle Year"
        inputMode="numeric"
        placeholder="e.g. 2019"
        error={errors.vehicleYear?.message}
        {...form.register("vehicleYear")}
      />
      <SelectField
        label="Service Type"
        placeholder="Select…"
        options={options(SERVICE_TYPES)}
        error={errors.serviceType?.message}
        {...form.register("serviceType")}
      />
      {variant.kind === "contact" && (
        <SelectField
          label="Package"
          options={options(PACKAGE_SELECTIONS)}
          error={errors.packageSelection?.message}
          {...form.register("packageSelection")}
        />
      )}
      <TextField
        label="Preferred Date"
        type="date"
        min={today}
        error={errors.preferredDate?.message}
        {...form.register("preferredDate")}
      />
      <div>
        <SelectField
          label="Preferred Time Slot"
          placeholder="Select…"
          options={slotOptions}
          error={errors.preferredTimeSlot?.message}
          {...form.register("preferredTimeSlot")}
        />
        {availability?.closed && <p className="mt-1 text-sm font-medium text-red-700">{CLOSED_DATE}</p>}
      </div>
      {isPackage && (
        <div>
          <TextField
            label="Promo Code"
            autoComplete="off"
            placeholder={PROMO_CODE}
            error={errors.promoCode?.message}
            {...form.register("promoCode")}
          />
          {preview && (
            <p role="status" className="mt-1 text-sm font-semibold text-green-800">
              {PROMO_CODE}: {formatPrice(preview.discount)} off, you pay {formatPrice(preview.final)}
            </p>
          )}
        </div>
      )}
      <div className="sm:col-span-2">
        <TextAreaField
          label="Special Instructions"
          rows={3}
          error={errors.specialInstructions?.message}
          {...form.register("specialInstructions")}
        />
      </div>
      {/* A field people never see: bots that fill every input give themselves away. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="booking-website">Website</label>
        <input id="booking-website" tabIndex={-1} autoComplete="off" {...form.register("website")} />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton
          busy={isSubmitting}
          busyLabel="Submitting…"
          disabled={blocked}
          title={blocked ? "Please log in to book" : undefined}
          aria-describedby={blocked ? "booking-login-hint" : undefined}
          className="rounded-md bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isPackage ? "Confirm Booking" : "Send booking request"}
        </SubmitButton>
        {blocked && (
          <p id="booking-login-hint" className="mt-2 text-sm text-slate-700">
            Please log in to book.{" "}
            <Link to={loginPath(location.pathname)} className="font-semibold text-brand-700 underline">
              Log in
            </Link>
          </p>
        )}
      </div>
    </ClientForm>
  );
}
