import { CHAT_MESSAGES as M, TransactionsQuerySchema } from '@landunits/domain';
import type { AdminChatDetail, ChatCustomerPanel } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { getTransactions } from '../orders';
import { findUserById } from '../users';
import { customerNamesOf, findConversation, messagePage, toConversationView } from './store';

async function customerPanel(db: Db, userId: string): Promise<ChatCustomerPanel | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const { transactions } = await getTransactions(db, userId, TransactionsQuerySchema.parse({ pageSize: '5' }));
  return {
    userId,
    verificationStatus: { profile: user.profileVerificationStatus, bank: user.bankVerificationStatus },
    recentOrders: transactions.slice(0, 5).map((o) => ({
      id: o.orderId,
      type: o.orderType,
      status: o.statusLabel,
      amount: `${o.currencyUnit.numberOfUnits} ${o.currencyUnit.unitType}`,
      date: o.createdAt,
    })),
  };
}

export async function conversationDetail(db: Db, adminId: string, id: number, before?: number): Promise<AdminChatDetail> {
  const row = await findConversation(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const names = await customerNamesOf(db, [row]);
  const page = await messagePage(db, row, before);
  return {
    conversation: {
      ...(await toConversationView(db, row)),
      customerName: names.get(row.id)?.name ?? '',
      customerEmail: names.get(row.id)?.email ?? '',
      kind: row.userId ? 'user' : 'visitor',
      assignedToMe: row.assignedAdminId === adminId,
    },
    ...page,
    customer: row.userId ? await customerPanel(db, row.userId) : null,
  };
}
