import { objectIdTime } from "~/lib/object-id";

/** The fields newest-ness reads; documents from older clients may carry numbers or strings. */
export interface Dated {
  _id?: unknown;
  date?: unknown;
  createdAt?: unknown;
  updatedAt?: unknown;
}

/**
 * Newest-ness (specification: docs/decisions/008 §6): the latest of date, createdAt and updatedAt; without any,
 * the time in the id's first 8 hex characters. Numbers under 1e12 are seconds.
 */
export function planTimestamp(plan: Dated): number {
  const times = [plan.date, plan.createdAt, plan.updatedAt].map(toMillis).filter((t): t is number => t !== undefined);
  if (times.length > 0) return Math.max(...times);
  return objectIdTime(plan._id) ?? 0;
}

export function newestFirst<T extends Dated>(plans: readonly T[]): T[] {
  return plans
    .map((plan) => ({ plan, time: planTimestamp(plan) }))
    .sort((a, b) => b.time - a.time)
    .map(({ plan }) => plan);
}

function toMillis(value: unknown): number | undefined {
  if (value instanceof Date) return finite(value.getTime());
  if (typeof value === "number") return finite(value < 1e12 ? value * 1000 : value);
  if (typeof value === "string" && value.trim() !== "") {
    const asNumber = Number(value);
    return Number.isFinite(asNumber) ? toMillis(asNumber) : finite(Date.parse(value));
  }
  return undefined;
}

const finite = (n: number) => (Number.isFinite(n) ? n : undefined);
