import { useEffect, type RefObject } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { readDraft, saveDraft } from "./booking-draft";
import type { MemberDetails } from "./member-details";

/**
 * Fills a booking form, once it runs in the browser: what this tab typed before (a draft kept
 * across logging in, signing up or switching to the guest form), then `chosen` (the package and
 * service a link chose), then what was typed into the server's form before it ran, then a
 * member's details from their last booking in the fields still empty. Every change is kept as the
 * draft.
 */
export function useDraftAndPrefill<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  {
    today,
    chosen,
    typedRef,
    member,
    accountEmail,
  }: {
    today: string;
    chosen: Partial<T>;
    /** What was typed into the server's form before it ran: read when the form first runs. */
    typedRef?: RefObject<Partial<Record<string, unknown>>>;
    member: MemberDetails | null;
    accountEmail: string | null;
  },
) {
  useEffect(() => {
    const restored: Record<string, unknown> = {
      ...readDraft(sessionStorage, today),
      ...chosen,
      ...typedRef?.current,
    };
    // The account's address is the one a signed-in customer books with, whatever was typed before.
    if (accountEmail) restored.email = accountEmail;
    for (const [field, value] of Object.entries(restored)) {
      if (value !== undefined) form.setValue(field as Path<T>, value as PathValue<T, Path<T>>);
    }
    const watching = form.watch((values) => saveDraft(sessionStorage, values));
    return () => watching.unsubscribe();
    // Once per form: later changes are the customer's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  useEffect(() => {
    if (!member) return;
    for (const [field, value] of Object.entries(member)) {
      if (value && !form.getValues(field as Path<T>)) form.setValue(field as Path<T>, value as PathValue<T, Path<T>>);
    }
  }, [form, member]);
}
