import { useLingui } from "@lingui/react/macro";
import { TimeZoneNote } from "../time-zone-note";
import type { Availability } from "../use-availability";
import { stepClass, type BookingFormApi } from "./booking-form-values";
import { DayChoices } from "./day-choices";
import { JoinWaitlist, type WaitChoice } from "./join-waitlist";
import { SlotChoices } from "./slot-choices";
import type { VisitState } from "./use-visit";

/**
 * Step 3: a day and an arrival slot the server offers for the visit's length; on a day with full
 * windows, the waitlist's panel (once joined, the form gives way to waitlist-joined.tsx).
 */
export function DaySection({
  form,
  today,
  visit,
  date,
  availability,
  suggestDay,
  blocked,
  full,
  waiting,
  onWaitingChange,
  slotsError,
}: {
  form: BookingFormApi;
  today: string;
  visit: VisitState;
  /** The day chosen, or "". */
  date: string;
  availability: Availability | null;
  suggestDay: (day: string, unchoosable: string[]) => void;
  /** The package page without an account: nothing can be sent. */
  blocked: boolean;
  /** The day's full windows: the waitlist is offered for them. */
  full: string[];
  waiting: WaitChoice | null;
  onWaitingChange: (choice: WaitChoice | null) => void;
  slotsError: string | undefined;
}) {
  const { errors } = form.formState;
  const { t } = useLingui();
  return (
    <>
      <h3 className={stepClass}>{t`3. Day and time`}</h3>
      <div className="sm:col-span-2">
        <DayChoices
          today={today}
          service={visit.service}
          radio={form.register("preferredDate")}
          error={errors.preferredDate?.message}
          onFirstOpenDay={suggestDay}
          fullChoosable={!blocked}
          busy={visit.settling}
        />
      </div>
      <div className="sm:col-span-2">
        <SlotChoices
          availability={date ? availability : null}
          radio={form.register("preferredTimeSlot")}
          error={errors.preferredTimeSlot?.message}
          busy={visit.settling || (!!date && !availability)}
        />
        <TimeZoneNote className="mt-2" />
        {date && full.length > 0 && !blocked && (
          <JoinWaitlist
            date={date}
            closed={availability?.closed ?? false}
            windows={full}
            chosen={waiting}
            onChange={onWaitingChange}
            error={slotsError}
          />
        )}
      </div>
    </>
  );
}
