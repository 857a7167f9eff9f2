// Pay on delivery's one write after placing: the order is paid when staff mark it Delivered.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * In the move's transaction: a Delivered order paid on delivery is `Paid`; its group's
 * payment is `Paid` once none of the group's orders still waits to be paid at the door.
 */
export async function markPaidOnDelivery(trx: Kysely<Database>, orderId: number, at: string): Promise<void> {
  const paid = await trx
    .updateTable('orders')
    .set({ payment_status: 'Paid' })
    .where('id', '=', orderId)
    .where('payment_method', '=', 'OnDelivery')
    .where('payment_status', '=', 'Pending')
    .returning(['group_id'])
    .executeTakeFirst();
  if (paid === undefined) return;
  const groupId = paid.group_id ?? orderId;
  const waiting = await trx
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', groupId), eb('group_id', '=', groupId)]))
    .where('payment_status', '=', 'Pending')
    .where('status', '<>', 'Cancelled')
    .executeTakeFirst();
  if (waiting !== undefined) return;
  await trx
    .updateTable('payments')
    .set({ status: 'Paid', updated_at: at })
    .where('group_id', '=', groupId)
    .where('status', '=', 'Pending')
    .execute();
}
