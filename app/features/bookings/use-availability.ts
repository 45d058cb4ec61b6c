import { useEffect, useState } from "react";

export interface Availability {
  closed: boolean;
  slots: { slot: string; remaining: number; started: boolean }[];
}

/** Places left per slot for the chosen date, fetched when the date changes. */
export function useAvailability(date: string | undefined): Availability | null {
  const [availability, setAvailability] = useState<{ date: string; value: Availability } | null>(null);
  useEffect(() => {
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const controller = new AbortController();
    fetch(`/api/availability?date=${date}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<Availability>) : null))
      .then((value) => value && setAvailability({ date, value }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [date]);
  return availability && availability.date === date ? availability.value : null;
}
