import type { OrderStatus } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { orderStatusHistory } from './schema';

/** Who changed an order's status: the person, an admin, or the platform itself (jobs, webhooks). */
export type Actor = `user:${string}` | `admin:${string}` | 'system';

export const userActor = (userId: string): Actor => `user:${userId}`;

export interface StatusChange {
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  actor: Actor;
  reason?: string | null;
  at: Date;
}

/** Writes the history row of a status change; call it in the transaction that makes the change. */
export async function recordStatusChange(tx: Db, change: StatusChange): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    actor: change.actor,
    reason: change.reason ?? null,
    createdAt: change.at,
  });
}
