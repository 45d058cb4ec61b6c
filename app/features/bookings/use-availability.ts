import { useEffect, useState } from "react";
import type { Arrival, PackageSelection, ServiceType, SlotAvailability } from "./bookings.schema";

/** One date's slots (GET /api/availability). `started`: a slot of today that has begun. */
export interface Availability {
  closed: boolean;
  minutes: number;
  slots: (SlotAvailability & { started: boolean })[];
}

/** A day of GET /api/availability/days: `open` when any slot is offered for the service. */
export interface AvailabilityDay {
  date: string;
  closed: boolean;
  open: boolean;
  slots: SlotAvailability[];
}

export interface AvailabilityDays {
  /** The service's length the slots were judged for. */
  minutes: number;
  days: AvailabilityDay[];
}

/**
 * The visit the slots are for: a package, or the contact form's service and package choice, for
 * the vehicle's type with its add-ons (the visit's length follows the quote's).
 */
export interface AvailabilityService {
  planId?: string;
  serviceType?: ServiceType;
  packageSelection?: PackageSelection;
  vehicleType?: string;
  addOns?: readonly string[];
  /** A length instead of a service's (an admin moving a booking). */
  minutes?: number;
}

/**
 * When the car must arrive in `slot`, as the server offered it to the visit (availability's start
 * and end: slot-plan.ts offeredArrival, which the booking will say too); undefined until read.
 */
export function arrivalIn(availability: Availability | null, slot: string): Arrival | undefined {
  const place = availability?.slots.find((s) => s.slot === slot);
  return place && { start: place.start, end: place.end };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query for a visit: its choices, and the add-ons as comma-separated ids. */
function serviceParams(
  { planId, serviceType, packageSelection, vehicleType, addOns }: AvailabilityService,
  extra: Record<string, string | undefined>,
): string {
  const params = new URLSearchParams();
  const choice = { planId, serviceType, packageSelection, vehicleType, addOns: addOns?.join(",") };
  for (const [key, value] of Object.entries({ ...extra, ...choice })) if (value) params.set(key, value);
  return params.toString();
}

/**
 * Fetches `url` whenever it (or `reload`) changes; the answer of an earlier url is never shown for
 * a later one. A new `reload` asks again for the same url (places taken meanwhile).
 */
export function useJson<T>(url: string | null, reload = 0): T | null {
  const [answer, setAnswer] = useState<{ url: string; value: T } | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<T>) : null))
      .then((value) => value && setAnswer({ url, value }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [url, reload]);
  return answer && answer.url === url ? answer.value : null;
}

/**
 * Places left per slot for the chosen date (and service, when given), fetched when either changes,
 * and again when `reload` changes (after the server refused a place as full).
 */
export function useAvailability(
  date: string | undefined,
  service: AvailabilityService = {},
  reload = 0,
): Availability | null {
  const url =
    date && DAY.test(date)
      ? `/api/availability?${serviceParams(service, { date, minutes: service.minutes?.toString() })}`
      : null;
  return useJson<Availability>(url, reload);
}

/**
 * The next `days` days from `from` (today if absent) for a service: closed and full days, and each
 * arrival slot offered or not with the places left. Fetched again when the service changes.
 */
export function useAvailabilityDays(
  service: AvailabilityService,
  { from, days }: { from?: string; days?: number } = {},
): AvailabilityDays | null {
  const url = `/api/availability/days?${serviceParams(service, {
    from: from && DAY.test(from) ? from : undefined,
    days: days === undefined ? undefined : String(days),
    minutes: service.minutes?.toString(),
  })}`;
  return useJson<AvailabilityDays>(url);
}

/** The first day with a slot offered: the day the forms suggest. */
export function firstOpenDay(availability: AvailabilityDays | null): AvailabilityDay | undefined {
  return availability?.days.find((day) => day.open);
}
