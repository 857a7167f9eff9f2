import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FEED_KEY_MAX_STORES, type FeedClientDto, feedKeyRefusal, parseInstant } from '../../lib/domain/feed-rules.ts';
import { writeAudit } from '../audit.ts';
import { auditStaff, type StaffAct } from '../catalogue/staff.ts';
import type { Database, FeedClient } from '../db/schema.ts';
import { AppError, type ModelState } from '../errors.ts';

/** Every feed key starts so: a key is told from an access token at a glance (and by the API). */
export const FEED_KEY_PREFIX = 'aisle_feed_';

/** A feed client with the stores its key may write. */
export type ScopedFeedClient = FeedClient & { stores: number[] };

export function toFeedClientDto(row: ScopedFeedClient): FeedClientDto {
  return {
    FeedClientID: row.id,
    Name: row.name,
    KeyPrefix: row.key_prefix,
    CreatedAt: row.created_at,
    CreatedBy: row.created_by,
    RevokedAt: row.revoked_at,
    LastUsedAt: row.last_used_at,
    Stores: row.stores,
    ExpiresAt: row.expires_at,
  };
}

/** A new key's settings as the Admin sent them (unchecked). */
export interface FeedClientInput {
  name: unknown;
  stores: unknown;
  expiresAt: unknown;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The StoreIDs each of these clients may write, ascending. */
export async function storesOfFeedClients(db: Kysely<Database>, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectFrom('feed_client_stores')
      .select(['client_id', 'store_id'])
      .where('client_id', 'in', ids.slice(i, i + 1000))
      .orderBy('store_id')
      .execute();
    for (const r of rows) out.get(r.client_id)?.push(r.store_id);
  }
  return out;
}

/** The feed clients with their stores, newest first. */
export async function listFeedClients(db: Kysely<Database>): Promise<ScopedFeedClient[]> {
  const rows = await db.selectFrom('feed_clients').selectAll().orderBy('id', 'desc').execute();
  const stores = await storesOfFeedClients(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, stores: stores.get(r.id) ?? [] }));
}

/**
 * Checks a new key's settings: Name 1 to 80 characters; Stores a list of 1 to
 * `FEED_KEY_MAX_STORES` existing StoreIDs; ExpiresAt absent or null, or an ISO
 * 8601 time with offset later than `now`. A 400 names each bad field.
 */
async function checkFeedClientInput(
  db: Kysely<Database>,
  input: FeedClientInput,
  now: string,
): Promise<{ name: string; stores: number[]; expiresAt: string | null }> {
  const modelState: ModelState = {};
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 1 || name.length > 80) modelState.Name = ['Name must be 1 to 80 characters long.'];
  const listed = Array.isArray(input.stores) ? input.stores : null;
  const stores = [...new Set((listed ?? []).filter((s): s is number => Number.isSafeInteger(s) && s > 0))].sort(
    (a, b) => a - b,
  );
  if (listed === null || listed.length === 0 || listed.length > FEED_KEY_MAX_STORES) {
    modelState.Stores = [`Stores must list 1 to ${FEED_KEY_MAX_STORES} StoreIDs: the stores this key may write.`];
  } else if (stores.length !== new Set(listed).size) {
    modelState.Stores = ['Stores must list StoreIDs (whole numbers above 0).'];
  } else {
    const found = new Set<number>();
    for (let i = 0; i < stores.length; i += 1000) {
      const rows = await db
        .selectFrom('stores')
        .select('id')
        .where('id', 'in', stores.slice(i, i + 1000))
        .execute();
      for (const r of rows) found.add(r.id);
    }
    const missing = stores.filter((s) => !found.has(s));
    if (missing.length > 0) {
      modelState.Stores = [
        `Stores must name existing stores; no store has StoreID ${missing.slice(0, 20).join(', ')}.`,
      ];
    }
  }
  let expiresAt: string | null = null;
  if (input.expiresAt !== undefined && input.expiresAt !== null && input.expiresAt !== '') {
    const ms = typeof input.expiresAt === 'string' ? parseInstant(input.expiresAt) : null;
    if (ms === null) {
      modelState.ExpiresAt = [
        'ExpiresAt must be an ISO 8601 date and time with offset, such as 2027-03-31T23:59:00+05:30.',
      ];
    } else if (ms <= Date.parse(now)) {
      modelState.ExpiresAt = ['ExpiresAt must be later than now.'];
    } else {
      expiresAt = new Date(ms).toISOString();
    }
  }
  if (Object.keys(modelState).length > 0) {
    throw AppError.invalid(
      modelState,
      Object.values(modelState)
        .map((m) => m[0])
        .join(' '),
    );
  }
  return { name, stores, expiresAt };
}

/** Creates a feed client and its key; the key is answered this once and only its hash is kept. */
export async function createFeedClient(
  db: Kysely<Database>,
  act: StaffAct,
  input: FeedClientInput,
): Promise<{ row: ScopedFeedClient; key: string }> {
  const { name, stores, expiresAt } = await checkFeedClientInput(db, input, act.at);
  const key = `${FEED_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('feed_clients')
      .values({
        name,
        key_prefix: key.slice(0, FEED_KEY_PREFIX.length + 6),
        key_hash: hashKey(key),
        created_at: act.at,
        created_by: act.actorEmail,
        revoked_at: null,
        last_used_at: null,
        expires_at: expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (let i = 0; i < stores.length; i += 500) {
      await trx
        .insertInto('feed_client_stores')
        .values(stores.slice(i, i + 500).map((s) => ({ client_id: row.id, store_id: s })))
        .execute();
    }
    await auditStaff(trx, act, 'feedclient.created', `feedclient:${row.id}`, {
      Name: row.name,
      KeyPrefix: row.key_prefix,
      Stores: stores,
      ExpiresAt: expiresAt,
    });
    return { row: { ...row, stores }, key };
  });
}

/** Revokes a client's key at once: its next request is refused. */
export async function revokeFeedClient(db: Kysely<Database>, act: StaffAct, id: number): Promise<ScopedFeedClient> {
  const revoked = await db.transaction().execute(async (trx) => {
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
  return { ...revoked, stores: (await storesOfFeedClients(db, [id])).get(id) ?? [] };
}

/** Where and when a feed request came, for the refusals' audit entries. */
export interface FeedCall {
  ip: string;
  at: string;
}

/**
 * The feed client a request's key belongs to (`Authorization: Bearer aisle_feed_…`
 * or `X-Api-Key`), with its stores, or a 401. An unknown, revoked or expired key is
 * refused, and that refusal is audited (`feed.refused`), so an operator sees a
 * till still sending an old key.
 */
export async function authenticateFeed(
  db: Kysely<Database>,
  authorization: string | undefined,
  apiKey: string | undefined,
  call: FeedCall,
): Promise<ScopedFeedClient> {
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
  if (row === undefined) {
    await auditFeedRefusal(db, null, call, {
      Reason: 'UnknownKey',
      KeyPrefix: key.slice(0, FEED_KEY_PREFIX.length + 6),
    });
    throw AppError.unauthorized('This feed key is not known: ask an Admin for a new one.');
  }
  const refusal = feedKeyRefusal({ revokedAt: row.revoked_at, expiresAt: row.expires_at }, Date.parse(call.at));
  if (refusal === 'revoked') {
    await auditFeedRefusal(db, row, call, { Reason: 'RevokedKey', RevokedAt: row.revoked_at });
    throw AppError.unauthorized(`This feed key was revoked at ${row.revoked_at}: ask an Admin for a new one.`);
  }
  if (refusal === 'expired') {
    await auditFeedRefusal(db, row, call, { Reason: 'ExpiredKey', ExpiresAt: row.expires_at });
    throw AppError.unauthorized(
      `This feed key expired at ${row.expires_at}: ask an Admin for a new key on the Feed clients page and enter it in the till.`,
    );
  }
  return { ...row, stores: (await storesOfFeedClients(db, [row.id])).get(row.id) ?? [] };
}

/**
 * Audits a refused feed as `feed.refused` (detail `Reason` and what was wrong).
 * Called on the database, never in the feed's transaction: the refusal rolls that back.
 */
export async function auditFeedRefusal(
  db: Kysely<Database>,
  client: FeedClient | null,
  call: FeedCall,
  detail: Record<string, unknown>,
): Promise<void> {
  await writeAudit(db, {
    actorId: null,
    actorEmail: client === null ? 'feed: unknown key' : `feed: ${client.name}`,
    action: 'feed.refused',
    target: client === null ? '' : `feedclient:${client.id}`,
    detail: client === null ? detail : { FeedClient: client.name, ...detail },
    ip: call.ip,
    at: call.at,
  });
}
