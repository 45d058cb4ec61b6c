/** The admins' live feed of board changes (server/api/board-events.routes.ts). */
export const LIVE_BOARD_URL = "/api/board/events";

/**
 * How long to wait before a new EventSource when the browser gave up on one (an answer that was not
 * a stream: 502 from a balancer while a process restarts, 401 once signed out). A dropped stream the
 * browser retries itself, after the server's `retry` (3 s).
 */
export const LIVE_BOARD_REOPEN_MS = 5_000;

/** The parts of EventSource this uses: a fake stands in for it in unit tests. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: () => void): void;
  close(): void;
}

export interface LiveBoardOptions {
  open(url: string): EventSourceLike;
  /** The board changed, or the feed is back after a gap: load it again. */
  changed(): void;
  /** Whether the board is up to date (true) or may be stale (the feed is down or the server stopped hearing). */
  live(live: boolean): void;
  url?: string;
  reopenMs?: number;
}

const CLOSED = 2;

/**
 * Follows the board's feed until the returned stop is called: `changed` on every `change` event and
 * once when the feed comes back after a gap (whatever happened meanwhile), `live(false)` as soon as
 * the feed drops or the server says it stopped hearing changes, `live(true)` when it is back.
 */
export function followLiveBoard({
  open,
  changed,
  live,
  url = LIVE_BOARD_URL,
  reopenMs = LIVE_BOARD_REOPEN_MS,
}: LiveBoardOptions): () => void {
  let source: EventSourceLike | undefined;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Whether the board may have missed a change since it was drawn: a gap to catch up on. */
  let gap = false;
  let shownLive = true;

  const show = (next: boolean) => {
    if (next === shownLive) return;
    shownLive = next;
    live(next);
  };
  const down = () => {
    gap = true;
    show(false);
  };

  function connect() {
    const current = open(url);
    source = current;
    current.onopen = () => {
      if (!gap) return;
      gap = false;
      show(true);
      changed();
    };
    current.onerror = () => {
      down();
      // CLOSED: the browser will not try again by itself.
      if (current.readyState === CLOSED && !stopped) {
        current.close();
        reopen = setTimeout(connect, reopenMs);
      }
    };
    current.addEventListener("change", () => {
      gap = false;
      show(true);
      changed();
    });
    current.addEventListener("paused", down);
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(reopen);
    source?.close();
  };
}
