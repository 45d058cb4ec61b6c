import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import {
  capacitySettingsChangeSchema,
  MAX_BAYS,
  MAX_OFFER_HOLD_MINUTES,
  MAX_REMINDER_HOURS,
  MIN_OFFER_HOLD_MINUTES,
  type BookingSettings,
} from "./booking-settings.schema";
import { MAX_CANCEL_WINDOW_HOURS } from "../change-window";
import { buttonClass } from "~/components/ui/button";

const formSchema = capacitySettingsChangeSchema.required();
type FormValues = z.input<typeof formSchema>;
type Saved = Pick<BookingSettings, "bays" | "notifyEmail" | "cancelWindowHours" | "reminderHours" | "offerHoldMinutes">;

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
/** Each field as the toast says it once saved, in the form's order. */
const SAID: { [K in keyof Saved]: (value: Saved[K]) => string } = {
  bays: (n) => `${count(n, "bay")} per time slot.`,
  notifyEmail: (email) => (email ? `New requests are e-mailed to ${email}.` : "New requests are e-mailed to nobody."),
  cancelWindowHours: (h) =>
    h
      ? `Customers can cancel or reschedule until ${count(h, "hour")} before.`
      : "Customers can cancel or reschedule until the visit.",
  reminderHours: (h) => (h ? `Reminders go ${count(h, "hour")} before the visit.` : "No reminders are sent."),
  offerHoldMinutes: (m) => `Waitlist offers hold their place ${count(m, "minute")}.`,
};

/** What a save changed, in so many words ("Waitlist offers hold their place 5 minutes."): the fields whose value differs. */
export function savedSettingsText(before: Partial<Record<keyof Saved, unknown>>, saved: Saved): string {
  const changed = (Object.keys(SAID) as (keyof Saved)[]).filter((key) => String(before[key]) !== String(saved[key]));
  return changed.map((key) => (SAID[key] as (value: unknown) => string)(saved[key])).join(" ") || "Nothing changed.";
}

/** Bays per time slot, the business's address for new requests, the customers' change window, reminders and the waitlist's offer hold (PATCH /api/booking-settings). */
export function BookingSettingsForm({ settings }: { settings: BookingSettings }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    // Only this form's fields: the shop's hours have a form of their own (shop-hours-form.tsx).
    defaultValues: {
      bays: settings.bays,
      notifyEmail: settings.notifyEmail,
      cancelWindowHours: settings.cancelWindowHours,
      reminderHours: settings.reminderHours,
      offerHoldMinutes: settings.offerHoldMinutes,
    },
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = useApiSubmit(form, {
    failure: "Update failed",
    submit: async (values) => {
      const before = form.formState.defaultValues ?? {};
      const saved = await apiFetch<BookingSettings>("/api/booking-settings", { method: "PATCH", json: values });
      form.reset({
        bays: saved.bays,
        notifyEmail: saved.notifyEmail,
        cancelWindowHours: saved.cancelWindowHours,
        reminderHours: saved.reminderHours,
        offerHoldMinutes: saved.offerHoldMinutes,
      });
      void toast({ title: "Saved", description: savedSettingsText(before, saved), tone: "success" });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="settings-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="settings-heading" className="text-lg font-bold text-slate-900">
        Capacity, notices and changes
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Bays per time slot"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_BAYS}
          hint="How many cars you can take in one slot. Lowering it keeps bookings already made."
          error={errors.bays?.message}
          {...form.register("bays")}
        />
        <TextField
          label="Business e-mail for new requests"
          type="email"
          autoComplete="email"
          hint="Receives each new request and each customer's cancellation. Leave empty for none."
          error={errors.notifyEmail?.message}
          {...form.register("notifyEmail")}
        />
        <TextField
          label="Customers can cancel or reschedule until (hours before the visit)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_CANCEL_WINDOW_HOURS}
          hint="Through their manage link or My Bookings; after that they are asked to call. You can always change a booking."
          error={errors.cancelWindowHours?.message}
          {...form.register("cancelWindowHours")}
        />
        <TextField
          label="Remind customers (hours before the visit)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_REMINDER_HOURS}
          hint="One e-mail per visit with its time, address and manage link. 0 sends none; bookings made later than this get none."
          error={errors.reminderHours?.message}
          {...form.register("reminderHours")}
        />
        <TextField
          label="Offer hold (minutes)"
          type="number"
          inputMode="numeric"
          min={MIN_OFFER_HOLD_MINUTES}
          max={MAX_OFFER_HOLD_MINUTES}
          hint="When a place frees up, the first person on the day's waitlist gets an e-mail holding it this long; then it goes to the next."
          error={errors.offerHoldMinutes?.message}
          {...form.register("offerHoldMinutes")}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save settings
      </SubmitButton>
    </ClientForm>
  );
}
