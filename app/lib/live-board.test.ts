import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followLiveBoard, type EventSourceLike } from "./live-board";

/** An EventSource the test drives: it opens, drops, gives up, and sends events when told. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  opened() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  /** A dropped stream the browser retries (CONNECTING), or an answer it gives up on (CLOSED). */
  failed(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event("error"));
  }
  send(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

let sources: FakeSource[];
let changed: ReturnType<typeof vi.fn<() => void>>;
let shown: boolean[];
let stop: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  changed = vi.fn<() => void>();
  shown = [];
  stop = followLiveBoard({
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    changed,
    live: (live) => shown.push(live),
    reopenMs: 5_000,
  });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe("followLiveBoard", () => {
  it("opens the feed once and loads the board again on each change, nothing on the first open", () => {
    expect(sources.map((s) => s.url)).toEqual(["/api/board/events"]);
    sources[0]!.opened();
    expect(changed).not.toHaveBeenCalled();
    sources[0]!.send("change");
    sources[0]!.send("change");
    expect(changed).toHaveBeenCalledTimes(2);
    expect(shown).toEqual([]);
  });

  it("says paused when the stream drops, and catches up once when the browser's retry opens it", () => {
    sources[0]!.opened();
    sources[0]!.failed(0);
    expect(shown).toEqual([false]);
    sources[0]!.failed(0);
    expect(shown).toEqual([false]);
    sources[0]!.opened();
    expect(shown).toEqual([false, true]);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);
  });

  it("opens a new feed itself after the browser gave up (a 502 while a process restarts)", () => {
    sources[0]!.opened();
    sources[0]!.failed(2);
    expect(shown).toEqual([false]);
    expect(sources[0]!.closed).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1]!.opened();
    expect(shown).toEqual([false, true]);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("says paused when the server stopped hearing changes, and live again on its next change", () => {
    sources[0]!.opened();
    sources[0]!.send("paused");
    expect(shown).toEqual([false]);
    sources[0]!.send("change");
    expect(shown).toEqual([false, true]);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("closes the feed and opens no other once stopped", () => {
    sources[0]!.failed(2);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(true);
  });
});
