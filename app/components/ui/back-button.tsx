import { Trans } from "@lingui/react/macro";
import { useNavigate } from "react-router";

/** The specification's Back: one step back in the browser's history. */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => navigate(-1)}
      className="text-sm font-semibold text-brand-700 underline underline-offset-4"
    >
      ← <Trans>Back</Trans>
    </button>
  );
}
