import { ADD_ONS_MAX } from "../bookings.schema";

/**
 * What a customer has typed into a booking form, kept for this browser tab (sessionStorage) so
 * that logging in or signing up half-way, or going to the guest form, loses nothing: the fields,
 * and the add-ons ticked. Cleared once the request is sent. The honeypot is never kept.
 */
const KEY = "booking-draft";

export const DRAFT_FIELDS = [
  "fullName",
  "phone",
  "email",
  "vehicleId",
  "vehicleType",
  "vehicleYear",
  "vehicleMake",
  "vehicleModel",
  "vehicleColor",
  "serviceType",
  "packageSelection",
  "preferredDate",
  "preferredTimeSlot",
  "promoCode",
  "specialInstructions",
] as const;
export type Draft = Partial<Record<(typeof DRAFT_FIELDS)[number], string>> & { addOns?: string[] };

/** The add-on ids in a value, if it is a list of them (at most the booking's number). */
function addOnIds(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ids = value
    .filter((id): id is string => typeof id === "string" && /^[0-9a-f]{24}$/.test(id))
    .slice(0, ADD_ONS_MAX);
  return ids.length ? ids : undefined;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Keeps the non-empty fields; storage that refuses (private mode, full) is simply not used. */
export function saveDraft(store: Store, values: Record<string, unknown>) {
  const draft: Draft = {};
  for (const field of DRAFT_FIELDS) {
    const value = values[field];
    if (typeof value === "string" && value !== "") draft[field] = value;
  }
  const addOns = addOnIds(values.addOns);
  if (addOns) draft.addOns = addOns;
  try {
    if (Object.keys(draft).length === 0) store.removeItem(KEY);
    else store.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Nothing to keep it in: the form still works.
  }
}

/** The kept draft; a date before `today` is dropped with its slot (they are no longer bookable). */
export function readDraft(store: Store, today: string): Draft {
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(KEY) ?? "{}");
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object") return {};
  const draft: Draft = {};
  for (const field of DRAFT_FIELDS) {
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value === "string" && value !== "") draft[field] = value;
  }
  const addOns = addOnIds((parsed as Record<string, unknown>).addOns);
  if (addOns) draft.addOns = addOns;
  if (draft.preferredDate && draft.preferredDate < today) {
    delete draft.preferredDate;
    delete draft.preferredTimeSlot;
  }
  return draft;
}

export function clearDraft(store: Store) {
  try {
    store.removeItem(KEY);
  } catch {
    // As above.
  }
}
