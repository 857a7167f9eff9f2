import type { Client } from 'pg';
import type { Config } from '../server/config.ts';

/** The channel migration 0460's trigger notifies on each commit that wrote the change feed. */
export const CATALOGUE_CHANNEL = 'aisle_catalogue_changes';

/** Waits before each try to connect again after the connection was lost, the last one repeated. */
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000] as const;

/** A source of wake-ups: `live()` is false while they cannot come (the caller polls at its fast rate then). */
export interface WriteWatch {
  stop(): void;
  live(): boolean;
}

/**
 * LISTENs on `CATALOGUE_CHANNEL` on a PostgreSQL connection of its own and calls `onNotice`
 * on each notice, i.e. as soon as a transaction that wrote the change feed commits. When the
 * connection is lost (PostgreSQL restarted, the network cut) it connects again, waiting a
 * little longer each time (at most 5 s), and calls `onNotice` once it is back, since changes
 * may have committed meanwhile with no one to tell.
 */
export function onCatalogueNotice(config: Config, onNotice: () => void, log: (line: string) => void): WriteWatch {
  let stopped = false;
  let client: Client | null = null;
  let connected = false;
  let failures = 0;
  let everConnected = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = (c: Client, err: Error | null) => {
    if (client !== c) return;
    client = null;
    const was = connected;
    connected = false;
    c.end().catch(() => {});
    if (stopped) return;
    if (was || failures === 0) {
      log(
        `Rebuild: lost PostgreSQL's notices of catalogue changes (${err?.message ?? 'the connection ended'}); ` +
          'polling the change feed until they come back.',
      );
    }
    const delay = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)] as number;
    failures++;
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    // Loaded only for PostgreSQL: a watcher over SQLite starts without it.
    const { default: pg } = await import('pg');
    if (stopped) return;
    const c = new pg.Client({
      connectionString: config.databaseUrl,
      connectionTimeoutMillis: 5_000,
      // A server that vanished without closing the connection is found within about 20 s.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === CATALOGUE_CHANNEL) onNotice();
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, null));
    try {
      await c.connect();
      await c.query(`listen ${CATALOGUE_CHANNEL}`);
    } catch (err) {
      lost(c, err as Error);
      return;
    }
    if (stopped || client !== c) return;
    connected = true;
    failures = 0;
    log(
      everConnected
        ? "Rebuild: listening for PostgreSQL's notices of catalogue changes again."
        : "Rebuild: listening for PostgreSQL's notices of catalogue changes.",
    );
    // Whatever committed while no notice could come is looked for now (at the start: harmless).
    if (everConnected) onNotice();
    everConnected = true;
  };

  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      connected = false;
      c?.end().catch(() => {});
    },
    live: () => connected,
  };
}
