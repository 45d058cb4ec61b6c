/**
 * Why a form's last submission failed, under its fields: announced to screen readers as it
 * appears (role="alert"), nothing when there is no failure.
 */
export function FormFailure({ message, className = "" }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm font-medium text-red-700 ${className}`}>
      {message}
    </p>
  );
}
