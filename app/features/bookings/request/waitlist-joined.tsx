import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarClock, Car, CircleCheck, Mail } from "lucide-react";
import { useLocale } from "~/lib/i18n/use-locale";
import { useEffect, useId, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import { arrivalWindow, longDate } from "../visit-text";

/** What the customer joined: the day, the windows that would do (none: any), the visit, where we write. */
export interface JoinedWaitlist {
  date: string;
  slots: string[];
  visit: string;
  email: string;
}

/**
 * The booking form's place once the customer has joined a day's waitlist, as a sent request has
 * its confirmation page: what they joined, what happens next, and a way to start over. Its heading
 * takes the focus, so a screen reader and a phone's scroll both land on it.
 */
export function WaitlistJoined({ joined, onStartOver }: { joined: JoinedWaitlist; onStartOver(): void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { t } = useLingui();
  const locale = useLocale();
  const day = longDate(joined.date, locale);
  const facts = [
    {
      icon: CalendarClock,
      term: t`Times that would do`,
      value: joined.slots.length
        ? joined.slots.map((slot) => arrivalWindow(slot, locale)).join(", ")
        : t`Any time that day`,
    },
    { icon: Car, term: t`Visit`, value: joined.visit },
    ...(joined.email ? [{ icon: Mail, term: t`We'll write to`, value: joined.email }] : []),
  ];
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-green-200 bg-green-50 p-5 sm:p-6">
      <h3
        id={id}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-2xl font-bold text-green-950 focus:outline-none"
      >
        <CircleCheck aria-hidden className="size-7 shrink-0 text-green-700" />
        <Trans>You're on the waitlist</Trans>
      </h3>
      {/* joinedText's words (join-waitlist.tsx), in the page's language. */}
      <p className="mt-2 text-lg text-slate-900">{t`You're on the waitlist for ${day}. We'll e-mail you if a place frees up.`}</p>
      <dl className="mt-4 space-y-3">
        {facts.map(({ icon: Icon, term, value }) => (
          <div key={term} className="flex gap-3">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div className="min-w-0">
              <dt className="text-sm font-semibold text-slate-600">{term}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-slate-800">
        <Trans>
          If a place that fits your visit frees up, we'll hold it for you and e-mail you a link: one tap books it.
          Places are offered in the order people joined the list. Nothing is booked until then.
        </Trans>
      </p>
      <button type="button" onClick={onStartOver} className={`mt-5 ${buttonClass({ variant: "outline", size: "lg" })}`}>
        <Trans>Start a new booking</Trans>
      </button>
    </section>
  );
}
