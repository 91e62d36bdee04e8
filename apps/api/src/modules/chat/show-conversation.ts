import type { ChatView } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { officeHoursNow } from './office-hours';
import { customerConversation, messagePage, toConversationView, unreadCount, type Customer } from './store';

export async function customerView(ctx: AppContext, customer: Customer | null, before?: number): Promise<ChatView> {
  const officeHours = await officeHoursNow(ctx);
  const row = customer ? await customerConversation(ctx.db, customer) : undefined;
  if (!row) return { conversation: null, messages: [], hasOlder: false, officeHours, unread: 0 };
  const page = await messagePage(ctx.db, row, before);
  return { conversation: await toConversationView(ctx.db, row), ...page, officeHours, unread: await unreadCount(ctx.db, row.id, 'agent', row.customerLastReadId) };
}
