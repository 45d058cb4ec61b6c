import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";
import { BAY_SLOTS, CLOSED_DATE, slotHours } from "../bookings.schema";
import { ChoiceGroup, type Choice } from "../request/choice-group";
import { DayChoices } from "../request/day-choices";
import { slotChoice } from "../request/slot-choices";
import { arrivalIn, useAvailability } from "../use-availability";
import { friendlyDate } from "../visit-text";
import { arrivalWords, slotWindowWords } from "../visit-words";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocale } from "~/lib/i18n/use-locale";
import { buttonClass } from "~/components/ui/button";
import { TimeZoneNote } from "../time-zone-note";

interface ManageLinkActionsProps {
  token: string;
  /** The visit as the page states it, for the confirmation's words. */
  when: string;
  preferredDate: string;
  preferredTimeSlot: string;
  /** The booking's length: the times offered are those it fits in. */
  minutes: number;
  /** The first day a booking may move to (today, in the business's time zone). */
  today: string;
  /** Whether Cancel is offered: not for a booking on a closed day inside the change window (it may only move). */
  canCancel?: boolean;
}

const primary = buttonClass({ size: "lg" });
const secondary = buttonClass({ variant: "secondary", size: "lg" });

/**
 * Reschedule (a day chip, then one of its slots that the visit fits in with a place left, as the
 * booking form offers them) and Cancel (after a
 * confirmation) through the booking's manage link. The server judges both again.
 */
export function ManageLinkActions({
  token,
  when,
  preferredDate,
  preferredTimeSlot,
  minutes,
  today,
  canCancel = true,
}: ManageLinkActionsProps) {
  const api = `/api/bookings/manage/${token}`;
  const [confirming, setConfirming] = useState(false);
  const { t } = useLingui();
  const { busy: cancelling, run } = useApiAction({ failureToast: t`Failed`, fallback: t`Please try again.` });

  const cancel = () =>
    run(async () => {
      await apiFetch(`${api}/cancel`, { method: "POST", json: {} });
      setConfirming(false);
      return { title: t`Cancelled`, description: t`Your visit on ${when} is cancelled.` };
    });

  return (
    <div className="space-y-6">
      <RescheduleForm api={api} today={today} current={{ preferredDate, preferredTimeSlot, minutes }} />
      {canCancel && (
        <section aria-labelledby="cancel-heading" className="rounded-2xl border border-slate-200 p-5">
          <h2 id="cancel-heading" className="text-lg font-bold text-slate-900">
            <Trans>Can't make it?</Trans>
          </h2>
          <p className="mt-1 text-slate-700">
            <Trans>Cancelling frees your place for someone else.</Trans>
          </p>
          <button type="button" onClick={() => setConfirming(true)} className={`mt-3 ${secondary}`}>
            <Trans>Cancel booking</Trans>
          </button>
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        title={t`Cancel this booking?`}
        description={t`Your visit on ${when} will be cancelled. This cannot be undone online.`}
        // Both buttons say what they do to the booking: "Cancel" alone could mean either.
        confirmLabel={t`Cancel booking`}
        closeLabel={t`Keep booking`}
        busyLabel={t`Cancelling…`}
        busy={cancelling}
        danger
        onConfirm={cancel}
        onClose={() => !cancelling && setConfirming(false)}
      />
    </div>
  );
}

function RescheduleForm({
  api,
  today,
  current,
}: {
  api: string;
  today: string;
  current: { preferredDate: string; preferredTimeSlot: string; minutes: number };
}) {
  const [date, setDate] = useState("");
  const [slot, setSlot] = useState("");
  // A new key after a move clears the radios, which keep their own checked state.
  const [moves, setMoves] = useState(0);
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { busy, error, setError, run } = useApiAction({ fallback: t`Please try again.` });
  // The booking's own length: a time is offered only if this visit fits it (as the server judges the move).
  const service = { minutes: current.minutes };
  const availability = useAvailability(date || undefined, service);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!date || !slot) {
      setError(!date ? t`Select a date` : t`Select a time slot`);
      return;
    }
    // When the car must arrive, as the times offered it (and as the booking will say it from now on).
    const arrival = arrivalIn(availability, slot) ?? slotHours(slot);
    await run(async () => {
      await apiFetch(`${api}/reschedule`, { method: "POST", json: { preferredDate: date, preferredTimeSlot: slot } });
      setDate("");
      setSlot("");
      setMoves((n) => n + 1);
      const window = arrival ? arrivalWords(i18n, arrival) : t`any time`;
      const day = friendlyDate(date, locale);
      return { title: t`Rescheduled`, description: t`See you on ${day}, ${window}.` };
    });
  }

  const choices = BAY_SLOTS.map((s): Choice => {
    if (date === current.preferredDate && s === current.preferredTimeSlot) {
      const shown = slotWindowWords(i18n, s);
      return {
        value: s,
        label: shown,
        detail: t`Your time now`,
        ariaLabel: t`${shown} (your time now)`,
        disabled: true,
      };
    }
    // In the page's language: "9–11 a. m. (quedan 3)" on a Spanish page.
    return slotChoice(s, availability, false, { i18n, locale });
  });

  return (
    <section
      id="reschedule"
      aria-labelledby="reschedule-heading"
      className="scroll-mt-4 rounded-2xl border border-slate-200 p-5"
    >
      <h2 id="reschedule-heading" className="text-lg font-bold text-slate-900">
        <Trans>Reschedule</Trans>
      </h2>
      <p className="mt-1 text-slate-700">
        <Trans>Pick a new day, then a time with a place left.</Trans>
      </p>
      <ClientForm key={moves} onSubmit={submit} aria-labelledby="reschedule-heading" className="mt-4 space-y-4">
        <DayChoices
          legend={t`New date`}
          today={today}
          service={service}
          radio={{
            name: "reschedule-date",
            onChange: (e) => {
              setDate(e.target.value);
              setSlot("");
              setError(null);
            },
          }}
        />
        {date && (
          <div>
            <ChoiceGroup
              key={date}
              legend={t`New arrival time`}
              layout="grid grid-cols-2 gap-2"
              hint={t`Arrival times, with the places left.`}
              choices={availability ? choices : []}
              radio={{
                name: "reschedule-slot",
                onChange: (e) => {
                  setSlot(e.target.value);
                  setError(null);
                },
              }}
            />
            <TimeZoneNote className="mt-1" />
            {availability === null ? (
              <p className="mt-2 text-slate-600">
                <Trans>Checking the times…</Trans>
              </p>
            ) : availability.closed ? (
              <p className="mt-2 text-slate-700">{i18n._(fixedMessage(CLOSED_DATE))}</p>
            ) : null}
          </div>
        )}
        {error && (
          <p role="alert" className="font-semibold text-red-800">
            {error}
          </p>
        )}
        <SubmitButton busy={busy} busyLabel={t`Moving…`} className={primary}>
          <Trans>Move my booking</Trans>
        </SubmitButton>
      </ClientForm>
    </section>
  );
}
