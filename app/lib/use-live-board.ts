import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { followLiveBoard } from "./live-board";

/** A few changes heard close together (a change, then the catch-up after a gap) load the page once. */
const REVALIDATE_DEBOUNCE_MS = 100;

/**
 * Keeps an admin's board current (issue 29): loads the page's data again whenever the board changes,
 * through React Router's revalidation, so what the admin is doing stays (an open dialog, the filters
 * in the URL, the scroll position). Returns whether the board is live; false while the feed is down.
 */
export function useLiveBoard(): boolean {
  // The same function for the router's life: the feed is opened once per page.
  const { revalidate } = useRevalidator();
  const [live, setLive] = useState(true);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = followLiveBoard({
      open: (url) => new EventSource(url),
      changed() {
        clearTimeout(timer);
        timer = setTimeout(() => void revalidate(), REVALIDATE_DEBOUNCE_MS);
      },
      live: setLive,
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [revalidate]);
  return live;
}
