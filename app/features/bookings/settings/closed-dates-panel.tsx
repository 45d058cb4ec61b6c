import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useRevalidator } from "react-router";
import type { z } from "zod";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useToast } from "~/components/ui/toast";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import {
  closeDateSchema,
  type ClosedDate,
  type ClosedDateWithBookings,
  type ClosureChoice,
} from "./booking-settings.schema";
import { buttonClass } from "~/components/ui/button";
import { arrivalWindow, bookingReference, dateWithYear } from "../visit-text";
import { ClosureDialog, type BookingOnDay } from "./closure-dialog";

const dayName = dateWithYear;

interface CloseAnswer {
  liveBookings: number;
  bookings: ClosureChoice;
  emailed: number;
  cancelled: number;
}
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The success toast's words: what became of the date's bookings. */
function closedText(date: string, answer: CloseAnswer): string {
  const day = `${dayName(date)} takes no new bookings.`;
  if (answer.bookings === "cancel" && answer.cancelled > 0)
    return `${day} ${plural(answer.cancelled, "booking was", "bookings were")} cancelled and ${plural(answer.emailed, "customer", "customers")} e-mailed.`;
  if (answer.liveBookings > 0)
    return `${day} ${plural(answer.emailed, "customer was", "customers were")} e-mailed to choose a new time; see below who has not moved yet.`;
  return day;
}

/** Holidays: dates that take no new bookings, closed and reopened by admins. */
export function ClosedDatesPanel({ closedDates, today }: { closedDates: ClosedDateWithBookings[]; today: string }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const schema = closeDateSchema(today);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { date: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const reopen = useConfirmedAction<ClosedDate>();

  /** The date waiting for the admin's choice in the dialog, with its bookings. */
  const [asking, setAsking] = useState<{ date: string; reason: string; bookings: BookingOnDay[] } | null>(null);
  const [closing, setClosing] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  async function closeDate(values: { date: string; reason: string; bookings?: ClosureChoice; message?: string }) {
    const answer = await apiFetch<CloseAnswer>("/api/closed-dates", { method: "POST", json: values });
    form.reset();
    void toast({ title: "Date closed", description: closedText(values.date, answer), tone: "success" });
    await revalidator.revalidate();
  }

  const onSubmit = useApiSubmit(form, {
    failure: "Failed",
    submit: async (values) => {
      // A date that has bookings asks first what becomes of them.
      const day = await apiFetch<{ slots: { bookings: (BookingOnDay & { continuesFrom?: string })[] }[] }>(
        `/api/bookings/day?date=${values.date}`,
      );
      const onDay = day.slots.flatMap((slot) => slot.bookings.filter((b) => !b.continuesFrom));
      if (onDay.length === 0) return closeDate(values);
      setDialogError(null);
      setAsking({ ...values, bookings: onDay });
    },
  });

  async function confirmClosure(choice: { bookings: ClosureChoice; message: string }) {
    if (!asking) return;
    setClosing(true);
    setDialogError(null);
    try {
      await closeDate({
        date: asking.date,
        reason: asking.reason,
        bookings: choice.bookings,
        ...(choice.message && { message: choice.message }),
      });
      setAsking(null);
    } catch (error) {
      // Inside the modal a toast would sit behind the backdrop: the dialog says it.
      setDialogError(apiErrorMessage(error));
    } finally {
      setClosing(false);
    }
  }

  return (
    <section aria-labelledby="closed-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="closed-heading" className="text-lg font-bold text-slate-900">
        Closed dates
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Holidays and other days off. Customers cannot book them. If a date already has bookings, you choose whether
        their customers are asked to choose a new time or the bookings are cancelled.
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
            <li key={closed.date} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
              <div>
                <p>
                  <span className="block font-semibold text-slate-900">{dayName(closed.date)}</span>
                  <span className="text-sm text-slate-700">{closed.reason || "No reason given"}</span>
                </p>
                <NotMoved closed={closed} />
              </div>
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
      <ClosureDialog
        key={asking?.date ?? "none"}
        date={asking?.date ?? null}
        bookings={asking?.bookings ?? []}
        busy={closing}
        error={dialogError}
        onConfirm={(choice) => void confirmClosure(choice)}
        onClose={() => !closing && setAsking(null)}
      />
    </section>
  );
}

/** Who has not moved yet from a closed date: its live bookings, each linked to Manage Bookings. */
function NotMoved({ closed }: { closed: ClosedDateWithBookings }) {
  const { notMoved } = closed;
  if (notMoved.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="text-sm font-semibold text-amber-900">
        {notMoved.length === 1 ? "1 booking has" : `${notMoved.length} bookings have`} not moved yet:
      </p>
      <ul aria-label={`Not moved yet from ${dayName(closed.date)}`} className="mt-1 space-y-0.5 text-sm">
        {notMoved.map((b) => (
          <li key={b._id}>
            <Link
              to={`/dashboard/manageBooking?q=${bookingReference(b._id)}`}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {b.fullName}
            </Link>{" "}
            <span className="text-slate-700">
              · {arrivalWindow(b.preferredTimeSlot)} · {b.serviceType}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
