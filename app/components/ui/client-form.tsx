import type { ButtonHTMLAttributes, FormHTMLAttributes } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A form that our script submits. POST, so that even a submission the script never saw would
 * not put what was typed (passwords, phone numbers) into a URL.
 */
export function ClientForm(props: FormHTMLAttributes<HTMLFormElement>) {
  return <form method="post" noValidate {...props} />;
}

/**
 * The form's submit button: disabled while sending, and until React runs the page (the server's
 * HTML has no handlers yet, and with the only submit button disabled, Enter does not submit).
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyLabel: string }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={busy || disabled || !hydrated} {...button}>
      {busy ? busyLabel : children}
    </button>
  );
}
