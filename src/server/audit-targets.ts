import type { Kysely } from 'kysely';
import type { AuditEntry, Database } from './db/schema.ts';

/**
 * The names and staff pages of the targets of a page of audit entries, read when
 * the log is read (`/api/Log/ReadAll`). Names are resolved at read time, so every
 * entry reads, however old: an entry written before names were shown names its
 * target just as a new one does. A target since deleted takes the name the entry
 * recorded when it was deleted (`ItemTitle`, `StoreTitle`, …), and has no page.
 */

/** A target's name and the staff page that works with it. */
export interface TargetInfo {
  name: string | null;
  link: string | null;
}

const NONE: TargetInfo = { name: null, link: null };

/** `item:12` → `['item', 12]`; undefined for a target without a numeric id (`site`, `file:…`, `content:…`). */
function parseTarget(target: string): [string, number] | undefined {
  const m = /^([a-z]+):(\d{1,15})$/.exec(target);
  if (m === null) return undefined;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) ? [m[1] as string, id] : undefined;
}

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** An item's name as the shop shows it: `Nashik Green Grapes (1 kg)`. */
const itemName = (title: string, size: string | null | undefined) =>
  size === null || size === undefined || size.trim() === '' ? title : `${title} (${size.trim()})`;

/** A name the entry recorded itself (a deletion keeps the title it deleted). */
function recordedName(kind: string, detail: Record<string, unknown>): string | null {
  const text = (key: string) =>
    typeof detail[key] === 'string' && detail[key] !== '' ? (detail[key] as string) : null;
  switch (kind) {
    case 'item': {
      const title = text('ItemTitle');
      return title === null ? null : itemName(title, text('Size'));
    }
    case 'store':
      return text('StoreTitle');
    case 'storedb':
      return text('DbTitle');
    case 'section':
      return text('SectionTitle');
    case 'category':
      return text('CategoryTitle');
    case 'feedclient':
      return text('Name');
    case 'user':
      return text('email') ?? text('Email');
    default:
      return null;
  }
}

function detailOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Not JSON: nothing recorded.
  }
  return {};
}

/** Each kind's ids among the entries. */
function idsByKind(rows: readonly AuditEntry[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const row of rows) {
    const parsed = parseTarget(row.target);
    if (parsed === undefined) continue;
    const [kind, id] = parsed;
    const list = out.get(kind) ?? [];
    if (!list.includes(id)) list.push(id);
    out.set(kind, list);
  }
  return out;
}

/** Reads the names and pages of the live targets, one query per kind of target. */
async function readLiveTargets(db: Kysely<Database>, ids: Map<string, number[]>): Promise<Map<string, TargetInfo>> {
  const found = new Map<string, TargetInfo>();
  const of = (kind: string) => ids.get(kind) ?? [];
  if (of('item').length > 0) {
    const rows = await db
      .selectFrom('items')
      .select(['id', 'title', 'size', 'db_id'])
      .where('id', 'in', of('item'))
      .execute();
    for (const r of rows) {
      found.set(`item:${r.id}`, {
        name: itemName(r.title, r.size),
        link: `/app/client-store/item?${q({ db: r.db_id, q: r.title, edit: r.id })}`,
      });
    }
  }
  if (of('order').length > 0) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'delivery_full_name'])
      .where('id', 'in', of('order'))
      .execute();
    for (const r of rows) {
      const who = r.delivery_full_name.trim();
      found.set(`order:${r.id}`, {
        name: who === '' ? null : `${who}’s order`,
        link: `/app/edu-shopy/order?${q({ id: r.id })}`,
      });
    }
  }
  if (of('user').length > 0) {
    const rows = await db.selectFrom('users').select(['id', 'email', 'kind']).where('id', 'in', of('user')).execute();
    for (const r of rows) {
      const page = r.kind === 'employee' ? 'employee' : 'enduser';
      found.set(`user:${r.id}`, { name: r.email, link: `/app/edu-shopy/${page}?${q({ q: r.email })}` });
    }
  }
  if (of('store').length > 0) {
    const rows = await db.selectFrom('stores').select(['id', 'title']).where('id', 'in', of('store')).execute();
    for (const r of rows)
      found.set(`store:${r.id}`, { name: r.title, link: `/app/edu-shopy/store?${q({ q: r.title })}` });
  }
  if (of('storedb').length > 0) {
    const rows = await db.selectFrom('store_dbs').select(['id', 'title']).where('id', 'in', of('storedb')).execute();
    for (const r of rows) {
      found.set(`storedb:${r.id}`, { name: r.title, link: `/app/client-store/section?${q({ db: r.id })}` });
    }
  }
  if (of('section').length > 0) {
    const rows = await db
      .selectFrom('sections')
      .select(['id', 'title', 'db_id'])
      .where('id', 'in', of('section'))
      .execute();
    for (const r of rows) {
      found.set(`section:${r.id}`, {
        name: r.title,
        link: `/app/client-store/section?${q({ db: r.db_id, q: r.title, edit: r.id })}`,
      });
    }
  }
  if (of('category').length > 0) {
    const rows = await db.selectFrom('categories').select(['id', 'title']).where('id', 'in', of('category')).execute();
    for (const r of rows) {
      found.set(`category:${r.id}`, { name: r.title, link: `/app/edu-shopy/category?${q({ q: r.title })}` });
    }
  }
  if (of('feedclient').length > 0) {
    const rows = await db
      .selectFrom('feed_clients')
      .select(['id', 'name'])
      .where('id', 'in', of('feedclient'))
      .execute();
    for (const r of rows) found.set(`feedclient:${r.id}`, { name: r.name, link: '/app/edu-shopy/feeds' });
  }
  if (of('coupon').length > 0) {
    const rows = await db.selectFrom('coupons').select(['id', 'code']).where('id', 'in', of('coupon')).execute();
    for (const r of rows) found.set(`coupon:${r.id}`, { name: r.code, link: '/app/edu-shopy/coupons' });
  }
  return found;
}

/** Each entry's target, by `LogID`: its name now (or as recorded), and its staff page while it exists. */
export async function resolveTargets(
  db: Kysely<Database>,
  rows: readonly AuditEntry[],
): Promise<Map<number, TargetInfo>> {
  const live = await readLiveTargets(db, idsByKind(rows));
  const out = new Map<number, TargetInfo>();
  for (const row of rows) {
    const parsed = parseTarget(row.target);
    if (parsed === undefined) {
      out.set(row.id, NONE);
      continue;
    }
    const info = live.get(row.target);
    out.set(row.id, info ?? { name: recordedName(parsed[0], detailOf(row.detail)), link: null });
  }
  return out;
}
