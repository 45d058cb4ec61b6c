import { useLingui } from "@lingui/react";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
/**
 * Why a form's last submission failed, under its fields: announced to screen readers as it
 * appears (role="alert"), nothing when there is no failure.
 */
export function FormFailure({ message, className = "" }: { message: string | null | undefined; className?: string }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm font-medium text-red-700 ${className}`}>
      {i18n._(fixedMessage(message))}
    </p>
  );
}
