/**
 * What a customer has typed into a booking form, kept for this browser tab (sessionStorage) so
 * that logging in or signing up half-way, or going to the guest form, loses nothing. Cleared once
 * the request is sent. The honeypot is never kept.
 */
const KEY = "booking-draft";

export const DRAFT_FIELDS = [
  "fullName",
  "phone",
  "email",
  "vehicleType",
  "vehicleYear",
  "serviceType",
  "packageSelection",
  "preferredDate",
  "preferredTimeSlot",
  "promoCode",
  "specialInstructions",
] as const;
export type Draft = Partial<Record<(typeof DRAFT_FIELDS)[number], string>>;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Keeps the non-empty fields; storage that refuses (private mode, full) is simply not used. */
export function saveDraft(store: Store, values: Record<string, unknown>) {
  const draft: Draft = {};
  for (const field of DRAFT_FIELDS) {
    const value = values[field];
    if (typeof value === "string" && value !== "") draft[field] = value;
  }
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
