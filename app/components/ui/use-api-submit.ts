import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "~/lib/api-client";
import { useFailureToast } from "./use-failure-toast";

interface ApiSubmit<TValues> {
  /** Calls the API with the validated values and reports the success; whatever it throws is the failure. */
  submit: (values: TValues) => Promise<void>;
  /** The failure toast's title. */
  failure: string;
  /** The failure toast's text when the API gives no message. */
  fallback?: string;
  /** Whether the API's message per field shows under the form's inputs. */
  fieldMessages?: boolean;
}

/**
 * A form's submit handler for an API call. It runs after the form's own validation; while it
 * runs the form's `isSubmitting` is the pending state. A failure puts the API's field messages
 * under the inputs (without moving the focus) and says what went wrong in an error toast.
 */
export function useApiSubmit<TInput extends FieldValues, TContext, TValues>(
  form: UseFormReturn<TInput, TContext, TValues>,
  { submit, failure, fallback, fieldMessages = true }: ApiSubmit<TValues>,
) {
  const showFailure = useFailureToast();
  return form.handleSubmit(async (values) => {
    try {
      await submit(values);
    } catch (error) {
      if (fieldMessages && error instanceof ApiError && error.fields) showFieldMessages(form, error.fields);
      showFailure(error, failure, fallback);
    }
  });
}

/** A name the form has no input for (planId, "_" for the body as a whole) has nowhere to show: the toast says it. */
function showFieldMessages<TInput extends FieldValues, TContext, TValues>(
  form: UseFormReturn<TInput, TContext, TValues>,
  fields: Record<string, string>,
) {
  const inputs = form.getValues();
  for (const [field, message] of Object.entries(fields)) {
    if (field in inputs) form.setError(field as Path<TInput>, { message });
  }
}
