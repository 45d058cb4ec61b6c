import { useState } from "react";
import { useApiAction, type ApiActionSuccess } from "./use-api-action";

/**
 * The row action behind a confirmation dialog: which item is asked about, the busy state while
 * the API call runs, the toast that reports it, and fresh data afterwards.
 */
export function useConfirmedAction<T>({ failureTitle = "Failed" }: { failureTitle?: string } = {}) {
  const [pending, setPending] = useState<T | null>(null);
  const { busy, run: runAction } = useApiAction({ failureToast: failureTitle });

  async function run(action: (item: T) => Promise<ApiActionSuccess>) {
    if (pending === null) return;
    await runAction(async () => {
      const success = await action(pending);
      setPending(null);
      return success;
    });
  }

  return { pending, busy, ask: setPending, cancel: () => !busy && setPending(null), run };
}
