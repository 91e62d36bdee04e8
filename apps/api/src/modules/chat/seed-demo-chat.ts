import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { writeSettingRow } from '../pricing';
import { findUserByEmail } from '../users';
import { DEFAULT_OFFICE_HOURS } from '@landunits/domain';
import { OFFICE_HOURS_KEY } from './office-hours';
import { chatCannedReplies, chatConversations, chatMessages } from './schema';

export const DEMO_CHAT_NOTE = 'Demo chat: canned replies, office hours and one answered conversation added.';

const CANNED = [
  { title: 'Welcome', body: 'Hello, thank you for getting in touch. How can I help you today?' },
  { title: 'How Units are priced', body: 'Each Unit has a price set by Land Units and shown on the Fees page; the price you pay is fixed when you place your order.' },
  { title: 'Verification first', body: 'Before your first purchase we need to verify your identity and your bank account. You can start both from your dashboard.' },
  { title: 'Follow up by email', body: 'I will look into this and come back to you by email today.' },
];

/**
 * The chat's demo content: canned replies, the default office hours (Mon–Fri 09:00–17:00
 * London, a reply within 10 minutes) and one conversation of the demo person answered by the demo
 * support agent (already read and emailed, so it sends nothing).
 */
export async function seedDemoChat(db: Db, customerEmail: string, agentEmail: string): Promise<string[]> {
  const [customer, agent] = await Promise.all([findUserByEmail(db, customerEmail), findUserByEmail(db, agentEmail)]);
  const now = Date.now();
  await inTransaction(db, async (tx) => {
    await tx.insert(chatCannedReplies).values(CANNED);
    if (agent) await writeSettingRow(tx, { key: OFFICE_HOURS_KEY, value: DEFAULT_OFFICE_HOURS, adminId: agent.id, now: new Date(now) });
    if (!customer || !agent) return;
    const asked = new Date(now - 2 * 86_400_000);
    const answered = new Date(asked.getTime() + 6 * 60_000);
    const [conversation] = await tx
      .insert(chatConversations)
      .values({ userId: customer.id, assignedAdminId: agent.id, lastMessageAt: answered, createdAt: asked })
      .returning({ id: chatConversations.id });
    if (!conversation) return;
    await tx.insert(chatMessages).values({ conversationId: conversation.id, from: 'customer', body: 'Hello, can I buy Units for my company as well as for myself?', createdAt: asked });
    const [reply] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        from: 'agent',
        authorAdminId: agent.id,
        body: 'Hello! Yes: a business account buys Units in its own name. Register it with the business option and verify the company; your personal account stays separate.',
        createdAt: answered,
      })
      .returning({ id: chatMessages.id });
    if (reply) {
      await tx
        .update(chatConversations)
        .set({ customerLastReadId: reply.id, agentLastReadId: reply.id, emailedUpToId: reply.id })
        .where(sql`${chatConversations.id} = ${conversation.id}`);
    }
  });
  return [DEMO_CHAT_NOTE];
}
