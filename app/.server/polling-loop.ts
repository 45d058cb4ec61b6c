/**
 * Runs `run` now and again `intervalMs` after each run ends (never two at once), until `stop`,
 * which waits for a run in progress so the database can close after it. A failed run is reported
 * and the loop goes on: the outbox worker and the follow-ups' sweep both poll so.
 */
export function createPollingLoop(run: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function tick() {
    running = run()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
