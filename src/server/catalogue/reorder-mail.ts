// The daily low-stock mail (issue 33, item 4): once per shop day, each store with items at or
// below their reorder level gets one mail to the shop's staff listing them. "Once" holds across
// any number of API processes: the mail is queued in the transaction that claims the store's
// day (`reorder_mails`' primary key), and a process that finds the day claimed queues nothing.
import type { Kysely } from 'kysely';
import { shopDay } from '../../lib/domain/stock-history.ts';
import { DELETED_EMAIL_DOMAIN } from '../auth/accounts.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { enqueueMail, type MailQueue } from '../mail-queue.ts';
import { type ReorderLine, reorderMail } from '../mail-templates.ts';

/** How often each API process looks (the first look of a shop day sends that day's mails). */
export const REORDER_CHECK_MS = 15 * 60 * 1000;

/** The shop's staff addresses: every confirmed account holding the Employee or Admin role. */
async function staffAddresses(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select('u.email')
    .distinct()
    .where('r.role', 'in', ['Employee', 'Admin'])
    .where('u.email_confirmed', '=', 1)
    .where('u.email', 'not like', `%@${DELETED_EMAIL_DOMAIN}`)
    .orderBy('u.email')
    .execute();
  return rows.map((r) => r.email);
}

/**
 * Queues today's low-stock mail of every store that has items at or below their reorder
 * level and no mail for this shop day yet (`now`'s day in the shop's time zone). Each
 * store is one transaction: its lines read, its day claimed, its mails queued, so the
 * mail exists exactly when the claim does. Answers the stores mailed by this call.
 */
export async function queueReorderMails(db: Kysely<Database>, now: Date, siteUrl: string): Promise<number> {
  const day = shopDay(now);
  const at = now.toISOString();
  const due = await db
    .selectFrom('items as i')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .select(['s.id', 's.title'])
    .distinct()
    .where('i.reorder_level', 'is not', null)
    .whereRef('i.stock', '<=', 'i.reorder_level')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reorder_mails as m')
            .select('m.store_id')
            .whereRef('m.store_id', '=', 's.id')
            .where('m.day', '=', day),
        ),
      ),
    )
    .orderBy('s.id')
    .execute();
  if (due.length === 0) return 0;
  const to = await staffAddresses(db);
  if (to.length === 0) return 0;
  let mailed = 0;
  for (const store of due) {
    const sent = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('items')
        .select(['title', 'product_code', 'stock', 'reorder_level'])
        .where('store_id', '=', store.id)
        .where('reorder_level', 'is not', null)
        .whereRef('stock', '<=', 'reorder_level')
        .orderBy('title')
        .orderBy('id')
        .execute();
      if (rows.length === 0) return false;
      // A second process waits here for the first's commit, then claims nothing.
      const claimed = await trx
        .insertInto('reorder_mails')
        .values({ store_id: store.id, day, items: rows.length, sent_at: at })
        .onConflict((oc) => oc.columns(['store_id', 'day']).doNothing())
        .returning('store_id')
        .executeTakeFirst();
      if (claimed === undefined) return false;
      const lines: ReorderLine[] = rows.map((r) => ({
        title: r.title,
        productCode: r.product_code,
        stock: r.stock,
        reorderLevel: r.reorder_level ?? 0,
      }));
      const mail = reorderMail(store.title, day, lines, siteUrl);
      await enqueueMail(
        trx,
        to.map((address) => ({ to: address, kind: 'stock.reorder', ...mail })),
        at,
      );
      return true;
    });
    if (sent) mailed++;
  }
  return mailed;
}

/** The API process's daily look: now and every `intervalMs`; mails queued go out at once. */
export interface ReorderMailer {
  start(intervalMs?: number): void;
  stop(): void;
}

export function createReorderMailer(deps: {
  db: Kysely<Database>;
  siteUrl: string;
  log: Logger;
  mailQueue?: MailQueue | undefined;
  now?: () => Date;
}): ReorderMailer {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;
  const look = async () => {
    if (running) return;
    running = true;
    try {
      const mailed = await queueReorderMails(deps.db, (deps.now ?? (() => new Date()))(), deps.siteUrl);
      if (mailed > 0) {
        deps.log({ level: 'info', msg: 'low-stock mails queued', stores: mailed });
        void deps.mailQueue?.kick();
      }
    } catch (err) {
      deps.log({ level: 'error', msg: 'low-stock mail look failed', error: String(err) });
    } finally {
      running = false;
    }
  };
  return {
    start(intervalMs = REORDER_CHECK_MS) {
      if (timer !== undefined) return;
      timer = setInterval(() => void look(), intervalMs);
      timer.unref();
      void look();
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}
