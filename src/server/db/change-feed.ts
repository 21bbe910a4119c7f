import pg from "pg";

/** What may change under another instance's feet and be kept in memory: each has its own subscribers. */
const topics = ["sessions", "generations", "standings", "feed"] as const;
type ChangeTopic = (typeof topics)[number];

type Listener = () => void;

/**
 * Tells every instance on the database that something it may keep in memory changed (issue 36, decision 0121):
 * a session signed out or revoked, a generation handed back, a member suspended; and, announced by the database's own
 * triggers, a change to the feed's shared first page (decision 0190). On PostgreSQL it is LISTEN/NOTIFY on one
 * connection of its own, so a change made through one instance reaches the others within milliseconds; on PGlite
 * there is one instance, and a change reaches this process's subscribers at once (the triggers' once their
 * transaction commits).
 *
 * `live` is false while this instance cannot be sure to hear every change (its listening connection is down or not
 * yet up): whoever keeps something in memory must then not trust it. Subscribers are also called when the connection
 * comes back, since changes made during the gap were missed.
 */
export type ChangeFeed = {
  readonly live: boolean;
  /** Tells every instance, this one too. Sent after the change is committed, or another instance may read the old. */
  publish(topic: ChangeTopic): Promise<void>;
  subscribe(topic: ChangeTopic, listener: Listener): () => void;
  /** Resolves once changes are heard (at start-up, so the first requests may keep what they read), or after `ms`. */
  ready(ms?: number): Promise<boolean>;
  close(): Promise<void>;
};

const CHANNEL = "unscroll_changes";
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000] as const;

function subscribers() {
  const byTopic = new Map<ChangeTopic, Set<Listener>>();
  return {
    add(topic: ChangeTopic, listener: Listener) {
      const set = byTopic.get(topic) ?? new Set();
      set.add(listener);
      byTopic.set(topic, set);
      return () => set.delete(listener);
    },
    call(topic: ChangeTopic) {
      for (const listener of byTopic.get(topic) ?? []) listener();
    },
    callAll() {
      for (const topic of byTopic.keys()) this.call(topic);
    },
  };
}

function isTopic(value: string): value is ChangeTopic {
  return (topics as readonly string[]).includes(value);
}

/**
 * One process, one database: a change reaches this process's subscribers as it is published. `listen` hears what the
 * database itself announces on the channel (its triggers), from the first subscriber on.
 */
export function createLocalChangeFeed(
  listen?: (channel: string, heard: (payload: string) => void) => unknown,
): ChangeFeed {
  const listeners = subscribers();
  let listening = false;
  return {
    live: true,
    publish: async (topic) => listeners.call(topic),
    subscribe: (topic, listener) => {
      if (listen && !listening) {
        listening = true;
        // Closed before it listened (a test's short-lived app): nothing to hear.
        Promise.resolve(
          listen(CHANNEL, (payload) => {
            if (isTopic(payload)) listeners.call(payload);
          }),
        ).catch(() => {});
      }
      return listeners.add(topic, listener);
    },
    ready: async () => true,
    close: async () => {},
  };
}

/**
 * LISTEN on a connection of its own, opened with the first subscriber (an instance that never keeps anything needs
 * none), and opened again with growing pauses whenever it drops. `notify` goes through the pool.
 */
export function createPgChangeFeed(options: {
  url: string;
  notify: (text: string, values: unknown[]) => Promise<unknown>;
  onError?: (error: unknown) => void;
}): ChangeFeed {
  const listeners = subscribers();
  let client: pg.Client | null = null;
  let live = false;
  let started = false;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let whenLive: Array<() => void> = [];

  function start() {
    if (started) return;
    started = true;
    void connect();
  }

  function lost(error?: unknown) {
    if (error) options.onError?.(error);
    const wasLive = live;
    live = false;
    // A late 'error' from the dropped connection must not go unheard, or it would end the process.
    client?.removeAllListeners().on("error", () => {});
    client?.end().catch(() => {});
    client = null;
    // Whatever is kept was read while changes could still be heard; from now on they cannot.
    if (wasLive) listeners.callAll();
    if (closed) return;
    const pause = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt += 1;
    retry = setTimeout(connect, pause);
    retry.unref();
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString: options.url });
    client = next;
    next.on("error", lost);
    next.on("end", () => {
      if (client === next) lost();
    });
    next.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload && isTopic(message.payload)) listeners.call(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      if (client === next) lost(error);
      return;
    }
    if (closed || client !== next) return;
    attempt = 0;
    live = true;
    for (const resolve of whenLive) resolve();
    whenLive = [];
    // Changes made while nobody listened were missed.
    listeners.callAll();
  }

  return {
    get live() {
      return live;
    },
    async publish(topic) {
      await options.notify("select pg_notify($1, $2)", [CHANNEL, topic]);
    },
    subscribe(topic, listener) {
      start();
      return listeners.add(topic, listener);
    },
    ready(ms = 5_000) {
      start();
      if (live) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        timer.unref();
        whenLive.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      live = false;
      const current = client;
      client = null;
      current?.removeAllListeners().on("error", () => {});
      await current?.end().catch(() => {});
    },
  };
}
