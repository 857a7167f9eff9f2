import type { Client } from 'pg';
import type { Config } from '../server/config.ts';

/**
 * One publisher for many API processes. On PostgreSQL a build holds a
 * session-level advisory lock (`PUBLISH_LOCK_KEY`) on a connection of its own
 * for as long as it runs: at most one build runs at a time across every
 * process and machine using the database, and a builder that dies (killed,
 * crashed, its machine gone) releases the lock with its connection. On SQLite
 * (one machine) the site folder's lock file does the same, as before.
 *
 * Having the lock, the build claims the queued "Publish now" request
 * (`site_state.build_requested_at`): presses until then are served by this
 * build; a press after it is queued for the next one, which the API process
 * that ran this build starts when it ends.
 */

/** `pg_advisory_lock` key of the site build: "AISL". */
export const PUBLISH_LOCK_KEY = 0x4149_534c;

/** Another process's build holds the publish lock: this queued request waits for it. */
export class PublishBusy extends Error {
  override name = 'PublishBusy';
}

export interface PublishLock {
  /** Settles once the queued request is claimed (or could not be: that is logged). */
  claimed: Promise<void>;
  release(): Promise<void>;
}

const isPostgres = (config: Config) =>
  config.databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(config.databaseUrl);

/**
 * Takes the publish lock and claims the queued request. With `wait` false (a
 * request queued by an API process), throws `PublishBusy` when another build
 * holds the lock; otherwise (the command line) waits for it.
 */
export async function takePublishLock(
  config: Config,
  /** `claim`: claims the queued request (the API's database does it: `catalogue-source.ts`). */
  opts: { wait: boolean; log: (line: string) => void; claim: () => Promise<void> },
): Promise<PublishLock> {
  let client: Client | undefined;
  if (isPostgres(config)) {
    // Loaded only for PostgreSQL: a rebuild on SQLite starts without it.
    const { default: pg } = await import('pg');
    client = new pg.Client({ connectionString: config.databaseUrl });
    // Lost mid-build (PostgreSQL restarted): the lock went with the session. An error event with no
    // listener would end the process; the build ends as it would have, and the next one locks again.
    client.on('error', (err) => opts.log(`Build: lost the publish lock's connection (${err.message}).`));
    await client.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [PUBLISH_LOCK_KEY]);
      if (rows[0]?.ok !== true) {
        if (!opts.wait) throw new PublishBusy('Another API process is building the site; this request waits for it.');
        opts.log('Build: waiting for the build another process is running ...');
        await client.query('select pg_advisory_lock($1)', [PUBLISH_LOCK_KEY]);
      }
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
  }
  const held = client;
  // The build awaits `claimed` before it reads the catalogue, and gets on with the rest meanwhile.
  const claimed = opts.claim().catch((err: Error) => {
    // A database without the queue (or none at all, with API_URL) has no request to claim.
    opts.log(`Build: no publish request claimed (${err.message}).`);
  });
  return {
    claimed,
    async release() {
      // Ending the session releases its advisory locks.
      await held?.end().catch(() => {});
    },
  };
}
