import { useLingui } from "@lingui/react/macro";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass } from "./button";

/**
 * Copies a link to the clipboard, and says so (on the button, and to screen readers). Where the
 * browser refuses (no permission, an old phone), it says how to copy it by hand instead.
 */
export function CopyLinkButton({ url, className = "" }: { url: string; className?: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const { t } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  const Icon = state === "copied" ? Check : Copy;
  return (
    <>
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => void copy()}
        className={`inline-flex items-center gap-2 ${buttonClass({ variant: "secondary" })} ${className}`}
      >
        <Icon aria-hidden className="size-4" />
        {state === "copied" ? t`Link copied` : t`Copy link`}
      </button>
      <span role="status" className={state === "failed" ? "basis-full text-sm text-slate-700" : "sr-only"}>
        {state === "copied"
          ? t`Link copied`
          : state === "failed"
            ? t`Your browser would not copy it: press and hold (or right-click) the link to copy it.`
            : ""}
      </span>
    </>
  );
}
