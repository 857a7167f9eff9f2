// What the payment code needs from the app, and the reads it shares.
import type { Kysely } from 'kysely';
import type { Database, Payment } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { MailQueue } from '../mail-queue.ts';
import type { PaymentMethods } from './methods.ts';

/** The app's parts a payment outcome, a hold's release and a refund use. */
export interface PaymentContext {
  db: Kysely<Database>;
  methods: PaymentMethods;
  siteUrl: string;
  log: Logger;
  /** Kicked after a commit that queued mail. */
  mailQueue?: MailQueue | undefined;
}

/** Who the audit log names for what a payment did by itself (an outcome told by a method, a hold's end). */
export function paymentActor(method: string): { actorId: null; actorEmail: string; ip: string } {
  return { actorId: null, actorEmail: `payment:${method}`, ip: '' };
}

/** A group's payment row, or undefined. */
export function findPayment(db: Kysely<Database>, groupId: number): Promise<Payment | undefined> {
  return db.selectFrom('payments').selectAll().where('group_id', '=', groupId).executeTakeFirst();
}

/** The orders of a group (its first order's id), in id order, with their status. */
export function groupOrders(db: Kysely<Database>, groupId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'user_id'])
    .where((eb) => eb.or([eb('id', '=', groupId), eb('group_id', '=', groupId)]))
    .orderBy('id')
    .execute();
}
