import { useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { splitFeatures } from "./plans.schema";

/** The hint under a plan form's features box: how to type them, and how many the text holds now. */
export function useFeaturesHint<TInput extends FieldValues & { features: string }, TContext, TOutput>(
  control: Control<TInput, TContext, TOutput>,
): string {
  const text = useWatch({ control, name: "features" as Path<TInput> }) as string | undefined;
  const count = splitFeatures(text ?? "").length;
  return `One per line or separated by commas · ${count === 1 ? "1 item" : `${count} items`}`;
}
