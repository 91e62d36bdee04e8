import { CHAT_MESSAGES as M, type ChatVisitorStartInput } from '@landunits/domain';
import type { ChatConversationAnswer } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { newToken } from '../../platform/security/tokens';
import { notify } from './events';
import { startLimit } from './limits';
import { chatConversations } from './schema';
import { ownerIs, toConversationView, type Customer } from './store';

const openOf = async (db: Db, customer: Customer) =>
  (
    await db
      .select()
      .from(chatConversations)
      .where(and(ownerIs(customer), eq(chatConversations.status, 'open')))
  )[0];

/** A signed-in person's open conversation, started when there is none (201) or reused (200). */
export async function startForUser(ctx: AppContext, userId: string, ip: string): Promise<{ created: boolean; answer: ChatConversationAnswer }> {
  const customer: Customer = { kind: 'user', userId };
  let row = await openOf(ctx.db, customer);
  let created = false;
  if (!row) {
    await ctx.limiter.hit(startLimit(ip));
    const [inserted] = await ctx.db.insert(chatConversations).values({ userId, createdAt: ctx.clock.now() }).onConflictDoNothing().returning();
    created = inserted !== undefined;
    row = inserted ?? (await openOf(ctx.db, customer));
    if (!row) throw new Error('the conversation was neither inserted nor found');
    if (created) await notify(ctx, { t: 'c', c: row.id });
  }
  return { created, answer: { message: M.started, conversation: await toConversationView(ctx.db, row) } };
}

/**
 * A visitor's conversation: the open one of their cookie's token, or a new one with a new token
 * (the caller sets the cookie). Name, email and consent are stored with it.
 */
export async function startForVisitor(
  ctx: AppContext,
  tokenHash: string | null,
  input: ChatVisitorStartInput,
  ip: string,
): Promise<{ created: boolean; token: string | null; answer: ChatConversationAnswer }> {
  if (tokenHash) {
    const existing = await openOf(ctx.db, { kind: 'visitor', tokenHash });
    if (existing) return { created: false, token: null, answer: { message: M.started, conversation: await toConversationView(ctx.db, existing) } };
  }
  await ctx.limiter.hit(startLimit(ip));
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  const [row] = await ctx.db.insert(chatConversations).values({ visitorName: input.name, visitorEmail: input.email, consentAt: now, visitorTokenHash: hash, createdAt: now }).returning();
  if (!row) throw new Error('the conversation was not inserted');
  await notify(ctx, { t: 'c', c: row.id });
  return { created: true, token, answer: { message: M.started, conversation: await toConversationView(ctx.db, row) } };
}
