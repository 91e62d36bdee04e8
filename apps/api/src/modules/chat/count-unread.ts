import type { Db } from '../../platform/db/client';
import { customerConversation, unreadCount } from './store';

/** A signed-in person's unread agent messages (the header badge), over their open or latest conversation. */
export async function unreadOfUser(db: Db, userId: string): Promise<number> {
  const row = await customerConversation(db, { kind: 'user', userId });
  return row ? unreadCount(db, row.id, 'agent', row.customerLastReadId) : 0;
}
