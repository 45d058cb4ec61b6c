/**
 * The time the follow-ups run by (issue 28): the system's, or, when the server was started with
 * TEST_CLOCK=true (the end-to-end tests only), one an admin may move forward with PUT
 * /api/test-clock, so a reminder months away can be seen today. Moving it moves only the
 * follow-ups' sweep: bookings, sessions and the outbox worker keep the real time.
 */
export interface Clock {
  now(): Date;
}

export interface AdjustableClock extends Clock {
  /** From now on, `now()` answers `at` plus the time since this call. */
  set(at: Date): void;
}

export const systemClock: Clock = { now: () => new Date() };

export function adjustableClock(): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(at) {
      offsetMs = at.getTime() - Date.now();
    },
  };
}
