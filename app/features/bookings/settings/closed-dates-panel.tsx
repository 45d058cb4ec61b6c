import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useToast } from "~/components/ui/toast";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { apiFetch } from "~/lib/api-client";
import { closeDateSchema, type ClosedDate } from "./booking-settings.schema";
import { buttonClass } from "~/components/ui/button";
import { dateWithYear } from "../visit-text";

const dayName = dateWithYear;

/** Holidays: dates that take no new bookings, closed and reopened by admins. */
export function ClosedDatesPanel({ closedDates, today }: { closedDates: ClosedDate[]; today: string }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const schema = closeDateSchema(today);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { date: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const reopen = useConfirmedAction<ClosedDate>();

  const onSubmit = useApiSubmit(form, {
    failure: "Failed",
    submit: async (values) => {
      const { liveBookings } = await apiFetch<{ liveBookings: number }>("/api/closed-dates", {
        method: "POST",
        json: values,
      });
      form.reset();
      void toast({
        title: "Date closed",
        description:
          liveBookings > 0
            ? `${dayName(values.date)} takes no new bookings. ${liveBookings} booking${liveBookings === 1 ? " is" : "s are"} already made for it: contact ${liveBookings === 1 ? "that customer" : "those customers"}.`
            : `${dayName(values.date)} takes no new bookings.`,
        tone: "success",
      });
      await revalidator.revalidate();
    },
  });

  return (
    <section aria-labelledby="closed-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="closed-heading" className="text-lg font-bold text-slate-900">
        Closed dates
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Holidays and other days off. Customers cannot book them; bookings already made stay.
      </p>
      <ClientForm
        onSubmit={onSubmit}
        aria-label="Close a date"
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
      >
        <TextField label="Date" type="date" min={today} error={errors.date?.message} {...form.register("date")} />
        <TextField
          label="Reason (optional)"
          maxLength={120}
          placeholder="Thanksgiving"
          error={errors.reason?.message}
          {...form.register("reason")}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Closing…" className={`${buttonClass({ size: "lg" })} sm:mt-7`}>
          Close date
        </SubmitButton>
      </ClientForm>
      {closedDates.length === 0 ? (
        <p className="mt-5 text-slate-700">No upcoming closed dates.</p>
      ) : (
        <ul
          aria-label="Upcoming closed dates"
          className="mt-5 divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {closedDates.map((closed) => (
            <li key={closed.date} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <p>
                <span className="block font-semibold text-slate-900">{dayName(closed.date)}</span>
                <span className="text-sm text-slate-700">{closed.reason || "No reason given"}</span>
              </p>
              <button
                type="button"
                onClick={() => reopen.ask(closed)}
                className={buttonClass({ variant: "outline", size: "sm" })}
              >
                Reopen<span className="sr-only"> {dayName(closed.date)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={reopen.pending !== null}
        title="Reopen this date?"
        description={reopen.pending ? `${dayName(reopen.pending.date)} will take bookings again.` : ""}
        confirmLabel="Reopen"
        busy={reopen.busy}
        onConfirm={() =>
          reopen.run(async (closed) => {
            await apiFetch(`/api/closed-dates/${closed.date}`, { method: "DELETE" });
            return { title: "Reopened", description: `${dayName(closed.date)} takes bookings again.` };
          })
        }
        busyLabel="Reopening…"
        onClose={reopen.cancel}
      />
    </section>
  );
}
