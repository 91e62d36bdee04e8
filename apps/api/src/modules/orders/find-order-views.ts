import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { findUsersByIds } from '../users';
import { toOrderView, type OrderView } from './order-view';
import { shortName } from './store';
import { orders } from './schema';

/**
 * Orders by id as `viewerId` sees them in their transaction history (GET /api/order/getTransactions):
 * SENT when they placed it, RECEIVED when it was a transfer to them, with the other person named the
 * same way (the recipient's short name and email to the sender, the sender's short name to the
 * recipient). Orders that are neither the viewer's nor sent to them are left out.
 */
export async function orderViewsFor(db: Db, viewerId: string, ids: readonly string[]): Promise<Map<string, OrderView>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await db.select().from(orders).where(inArray(orders.id, unique))).filter((r) => r.userId === viewerId || r.recipientUserId === viewerId);
  const people = await findUsersByIds(
    db,
    rows.flatMap((r) => (r.userId === viewerId ? (r.recipientUserId ? [r.recipientUserId] : []) : [r.userId])),
  );
  const nameOf = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? shortName(person) : null;
  };
  return new Map(
    rows.map((row) => {
      const sent = row.userId === viewerId;
      return [row.id, toOrderView(row, { direction: sent ? 'SENT' : 'RECEIVED', counterpartyName: nameOf(sent ? row.recipientUserId : row.userId) })];
    }),
  );
}
