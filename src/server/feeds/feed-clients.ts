import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { auditStaff, type StaffAct } from '../catalogue/staff.ts';
import type { Database, FeedClient } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** Every feed key starts so: a key is told from an access token at a glance (and by the API). */
export const FEED_KEY_PREFIX = 'aisle_feed_';

/** A feed client as the Admin's page lists it (never the key). */
export interface FeedClientDto {
  FeedClientID: number;
  Name: string;
  /** The key's first characters, to tell keys apart. */
  KeyPrefix: string;
  CreatedAt: string;
  CreatedBy: string;
  RevokedAt: string | null;
  LastUsedAt: string | null;
}

export function toFeedClientDto(row: FeedClient): FeedClientDto {
  return {
    FeedClientID: row.id,
    Name: row.name,
    KeyPrefix: row.key_prefix,
    CreatedAt: row.created_at,
    CreatedBy: row.created_by,
    RevokedAt: row.revoked_at,
    LastUsedAt: row.last_used_at,
  };
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The feed clients, newest first. */
export function listFeedClients(db: Kysely<Database>): Promise<FeedClient[]> {
  return db.selectFrom('feed_clients').selectAll().orderBy('id', 'desc').execute();
}

/** Creates a feed client and its key; the key is answered this once and only its hash is kept. */
export async function createFeedClient(
  db: Kysely<Database>,
  act: StaffAct,
  name: string,
): Promise<{ row: FeedClient; key: string }> {
  const title = name.trim();
  if (title.length < 1 || title.length > 80) throw AppError.invalidField('Name', 'must be 1 to 80 characters long');
  const key = `${FEED_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('feed_clients')
      .values({
        name: title,
        key_prefix: key.slice(0, FEED_KEY_PREFIX.length + 6),
        key_hash: hashKey(key),
        created_at: act.at,
        created_by: act.actorEmail,
        revoked_at: null,
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaff(trx, act, 'feedclient.created', `feedclient:${row.id}`, {
      Name: row.name,
      KeyPrefix: row.key_prefix,
    });
    return { row, key };
  });
}

/** Revokes a client's key at once: its next request is refused. */
export async function revokeFeedClient(db: Kysely<Database>, act: StaffAct, id: number): Promise<FeedClient> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('feed_clients').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw AppError.notFound(`Feed client ${id} does not exist.`);
    if (row.revoked_at !== null) return row;
    const revoked = await trx
      .updateTable('feed_clients')
      .set({ revoked_at: act.at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaff(trx, act, 'feedclient.revoked', `feedclient:${id}`, { Name: row.name, KeyPrefix: row.key_prefix });
    return revoked;
  });
}

/**
 * The feed client a request's key belongs to (`Authorization: Bearer aisle_feed_…`
 * or `X-Api-Key`), or a 401. A revoked key is refused.
 */
export async function authenticateFeed(
  db: Kysely<Database>,
  authorization: string | undefined,
  apiKey: string | undefined,
): Promise<FeedClient> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  const key = (apiKey ?? bearer ?? '').trim();
  if (key === '') {
    throw AppError.unauthorized(
      'This call needs a feed key: send it as "Authorization: Bearer aisle_feed_…" or as X-Api-Key.',
    );
  }
  if (!key.startsWith(FEED_KEY_PREFIX)) {
    throw AppError.unauthorized(
      'This call takes a feed key (aisle_feed_…) that an Admin created on the Feed clients page, not a sign-in token.',
    );
  }
  const row = await db.selectFrom('feed_clients').selectAll().where('key_hash', '=', hashKey(key)).executeTakeFirst();
  if (row === undefined) throw AppError.unauthorized('This feed key is not known: ask an Admin for a new one.');
  if (row.revoked_at !== null)
    throw AppError.unauthorized(`This feed key was revoked at ${row.revoked_at}: ask an Admin for a new one.`);
  return row;
}
