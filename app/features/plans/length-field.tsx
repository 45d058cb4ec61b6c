import { forwardRef, type InputHTMLAttributes } from "react";
import { TextField } from "~/components/ui/form-field";
import { LENGTH_MAX, LENGTH_MIN } from "~/lib/service-length";

/** A package's "Length (minutes)", on Add Packages and Update plan: what the booking slots follow. */
export const LengthField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string }>(
  function LengthField(props, ref) {
    return (
      <TextField
        ref={ref}
        label="Length (minutes)"
        type="number"
        inputMode="numeric"
        min={LENGTH_MIN}
        max={LENGTH_MAX}
        step={5}
        hint="How long the service takes: booking slots are offered only where it fits before closing."
        {...props}
      />
    );
  },
);
