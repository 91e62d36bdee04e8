import { CHAT_MESSAGES as M, type ChatCannedReplyInput } from '@landunits/domain';
import type { ChatCannedReply } from '@landunits/domain/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { chatCannedReplies } from './schema';

/** The agents' canned replies: short texts inserted into a reply; every change audited. */

type Row = typeof chatCannedReplies.$inferSelect;
const view = (r: Row): ChatCannedReply => ({ id: r.id, title: r.title, body: r.body, updatedAt: r.updatedAt.toISOString() });
const notFound = () => new AppError('NOT_FOUND', 'This canned reply was not found.');

export async function listCannedReplies(db: Db): Promise<{ replies: ChatCannedReply[] }> {
  const rows = await db.select().from(chatCannedReplies).orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
  return { replies: rows.map(view) };
}

export async function createCannedReply(ctx: AppContext, admin: AuditActor, input: ChatCannedReplyInput) {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(chatCannedReplies)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('the canned reply was not inserted');
    await recordAudit(tx, { actor: admin, at: now, action: 'chat.cannedReply.create', targetType: 'chatCannedReply', targetId: String(row.id), before: null, after: input });
    return { message: M.cannedSaved, reply: view(row) };
  });
}

export async function updateCannedReply(ctx: AppContext, admin: AuditActor, id: number, input: ChatCannedReplyInput) {
  return inTransaction(ctx.db, async (tx) => {
    const [before] = await tx.select().from(chatCannedReplies).where(eq(chatCannedReplies.id, id)).for('update');
    if (!before) throw notFound();
    const now = ctx.clock.now();
    const [row] = await tx
      .update(chatCannedReplies)
      .set({ ...input, updatedAt: now })
      .where(eq(chatCannedReplies.id, id))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'chat.cannedReply.update',
      targetType: 'chatCannedReply',
      targetId: String(id),
      before: { title: before.title, body: before.body },
      after: input,
    });
    return { message: M.cannedSaved, reply: view(row) };
  });
}

export async function deleteCannedReply(ctx: AppContext, admin: AuditActor, id: number) {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actor: admin,
      at: ctx.clock.now(),
      action: 'chat.cannedReply.delete',
      targetType: 'chatCannedReply',
      targetId: String(id),
      before: { title: row.title, body: row.body },
      after: null,
    });
    return { message: M.cannedDeleted };
  });
}

export function cannedIdOf(params: unknown): number {
  const raw = String((params as { id?: unknown }).id ?? '');
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}
