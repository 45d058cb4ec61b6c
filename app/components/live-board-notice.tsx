import { useLiveBoard } from "~/lib/use-live-board";

/**
 * Keeps the page's board live, and says so politely when it is not: the status region is always in
 * the page (so its words are announced when they appear) and shows only while the feed is down.
 * Taps go through it: on a phone it sits over a row's buttons, and the page still works without
 * the feed (each action is checked by the server).
 */
export function LiveBoardNotice() {
  const live = useLiveBoard();
  return (
    <p
      role="status"
      className={
        live
          ? "sr-only"
          : "pointer-events-none fixed bottom-4 left-4 z-40 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 font-semibold text-amber-900 shadow print:hidden"
      }
    >
      {live ? "" : "Live updates paused — reconnecting…"}
    </p>
  );
}
