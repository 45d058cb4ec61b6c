import { log } from "../log";
import type { DatabaseHandle } from "./client";

/**
 * The NOTIFY channel of what the bay board shows: a statement-level trigger on bookings, waitlist
 * entries and offers and closed dates sends it (migration 0022), so every write by any code path,
 * any process, or psql is heard, once its transaction commits.
 */
export const BOARD_CHANNEL = "board_changed";

/** Many writes in a burst (confirm many, a move, a waitlist offer) reach the boards as one event. */
export const BOARD_COALESCE_MS = 250;

/** What one open board (an SSE stream) hears. */
export interface BoardSubscriber {
  /** Something on the board changed (at most once per BOARD_COALESCE_MS). */
  changed(): void;
  /** This process stopped hearing changes (its PostgreSQL listener is reconnecting): the board may go stale. */
  paused(): void;
  /** The server is stopping: end the stream. */
  closed(): void;
}

export interface BoardChanges {
  /** Whether changes are heard now: always on the embedded database, on PostgreSQL while the listener is up. */
  readonly live: boolean;
  subscribe(subscriber: BoardSubscriber): () => void;
  /** How many boards are open in this process. */
  readonly subscribers: number;
  /** Ends every stream and stops listening (the server is stopping). */
  close(): Promise<void>;
}

/**
 * One per process: turns the board's NOTIFYs into a broadcast to the boards open on this process.
 * On PostgreSQL through the process's NotificationListener (the one connection that also hears the
 * catalogue's changes); on the embedded database through PGlite's own LISTEN.
 */
export function createBoardChanges(database: DatabaseHandle, coalesceMs = BOARD_COALESCE_MS): BoardChanges {
  const subscribers = new Set<BoardSubscriber>();
  let live = !database.listener;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let closing: Promise<void> | undefined;
  let stopEmbedded: Promise<(() => Promise<void>) | undefined> | undefined;

  const each = (event: keyof BoardSubscriber) => {
    for (const s of [...subscribers]) {
      try {
        s[event]();
      } catch (error) {
        // A stream already gone: its own cleanup unsubscribes it.
        log.warn("board subscriber failed", { event, error: (error as Error).message });
      }
    }
  };
  // The first change of a burst starts the wait; the rest ride along. A board hears of it at most
  // coalesceMs late, and never more often than once per coalesceMs.
  const notified = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      each("changed");
    }, coalesceMs);
    timer.unref();
  };

  if (database.listener) {
    database.listener.listen(BOARD_CHANNEL, {
      notified,
      listening() {
        live = true;
        // Whatever was written while not listening: the boards catch up.
        notified();
      },
      lost() {
        live = false;
        each("paused");
      },
    });
  } else if (database.listenEmbedded) {
    stopEmbedded = database.listenEmbedded(BOARD_CHANNEL, notified).catch((error: Error) => {
      live = false;
      log.error("could not listen to the board's changes", { error: error.message });
      return undefined;
    });
  }

  return {
    get live() {
      return live;
    },
    get subscribers() {
      return subscribers.size;
    },
    subscribe(subscriber) {
      if (closed) {
        subscriber.closed();
        return () => undefined;
      }
      subscribers.add(subscriber);
      if (!live) subscriber.paused();
      return () => void subscribers.delete(subscriber);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      each("closed");
      subscribers.clear();
      return (closing ??= (async () => {
        const stop = await stopEmbedded;
        await stop?.().catch(() => undefined);
      })());
    },
  };
}
