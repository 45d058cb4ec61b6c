import pg from "pg";
import { log } from "../log";

/** What a subscriber of a channel hears. */
export interface ChannelEvents {
  /** A NOTIFY on the channel was committed by some process (this one too). */
  notified(): void;
  /** Listening (again): anything sent while not listening was missed. */
  listening(): void;
  /** The connection is gone: notifications are missed until `listening` again. */
  lost(): void;
}

export interface NotificationListener {
  listen(channel: string, events: ChannelEvents): void;
  close(): Promise<void>;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
/** A connection that died without a word (a cable, a firewall's idle timeout) is found by a ping this often. */
const PING_MS = 10_000;

/**
 * One dedicated PostgreSQL connection (outside the pool, whose connections come and go) that
 * LISTENs on the channels asked for, and connects again, with a growing pause, whenever it is lost.
 */
export function createNotificationListener(url: string): NotificationListener {
  const channels = new Map<string, ChannelEvents[]>();
  let client: pg.Client | undefined;
  let closed = false;
  let connecting: Promise<void> | undefined;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  const each = (event: keyof ChannelEvents) => {
    for (const subscribers of channels.values()) for (const s of subscribers) s[event]();
  };

  function lose(dead: pg.Client, reason: string) {
    if (client !== dead) return;
    client = undefined;
    clearInterval(pingTimer);
    dead.removeAllListeners();
    dead.on("error", () => undefined);
    dead.end().catch(() => undefined);
    if (closed) return;
    log.error("PostgreSQL notification listener lost; connecting again", { reason });
    each("lost");
    retry();
  }

  function retry() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function connect() {
    if (closed || client || connecting) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: "carwash-listener",
      keepAlive: true,
      query_timeout: 5_000,
    });
    next.on("error", (error) => lose(next, error.message));
    next.on("end", () => lose(next, "connection ended"));
    next.on("notification", (message) => {
      for (const s of channels.get(message.channel) ?? []) s.notified();
    });
    connecting = (async () => {
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        next.removeAllListeners();
        next.on("error", () => undefined);
        await next.end().catch(() => undefined);
        if (!closed) retry();
        throw error;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      retryMs = RETRY_MIN_MS;
      pingTimer = setInterval(() => {
        next.query("select 1").catch((error: Error) => lose(next, error.message));
      }, PING_MS);
      pingTimer.unref();
      each("listening");
    })().finally(() => (connecting = undefined));
    await connecting.catch((error: Error) =>
      log.error("PostgreSQL notification listener could not connect", { error: error.message }),
    );
  }

  return {
    listen(channel, events) {
      const known = channels.get(channel);
      if (known) {
        known.push(events);
        if (client) events.listening();
        return;
      }
      channels.set(channel, [events]);
      // A new channel on a live connection is LISTENed there; otherwise the next connect LISTENs to all.
      const live = client;
      if (live) {
        live.query(`LISTEN ${pg.escapeIdentifier(channel)}`).then(
          () => events.listening(),
          (error: Error) => lose(live, error.message),
        );
      } else void connect();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      await connecting?.catch(() => undefined);
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners();
        last.on("error", () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}
