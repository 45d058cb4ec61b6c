import { useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "./toast";
import { useFailureToast } from "./use-failure-toast";

/**
 * The row action behind a confirmation dialog: which item is asked about, the busy state while
 * the API call runs, the toast that reports it, and fresh data afterwards.
 */
export function useConfirmedAction<T>({ failureTitle = "Failed" }: { failureTitle?: string } = {}) {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const showFailure = useFailureToast();
  const revalidator = useRevalidator();

  async function run(action: (item: T) => Promise<{ title: string; description: string }>) {
    if (pending === null) return;
    setBusy(true);
    try {
      const success = await action(pending);
      void toast({ ...success, tone: "success" });
      setPending(null);
      await revalidator.revalidate();
    } catch (error) {
      showFailure(error, failureTitle);
    } finally {
      setBusy(false);
    }
  }

  return { pending, busy, ask: setPending, cancel: () => !busy && setPending(null), run };
}
