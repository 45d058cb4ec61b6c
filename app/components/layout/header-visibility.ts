import { useEffect, useState } from "react";

/** Hide once scrolled past 80 px, and only react to moves over 8 px (specification: docs/specification-quirks.md §12). */
export const HIDE_AFTER_PX = 80;
export const MIN_SCROLL_CHANGE_PX = 8;

export interface ScrollState {
  hidden: boolean;
  /** The position the last decision was taken at; small moves are measured from here. */
  anchorY: number;
}

export function nextScrollState(state: ScrollState, y: number): ScrollState {
  if (y <= HIDE_AFTER_PX) return { hidden: false, anchorY: y };
  const change = y - state.anchorY;
  if (Math.abs(change) <= MIN_SCROLL_CHANGE_PX) return state;
  return { hidden: change > 0, anchorY: y };
}

/** Whether the header should be out of the way; paused (kept shown) while `paused` is true. */
export function useHideOnScroll(paused: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (paused) return;
    let state: ScrollState = { hidden: false, anchorY: window.scrollY };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        state = nextScrollState(state, window.scrollY);
        setHidden(state.hidden);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [paused]);
  return hidden && !paused;
}
