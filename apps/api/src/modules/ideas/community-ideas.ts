import { IDEA_MESSAGES as M, type IdeaInput } from '@landunits/domain';
import type { IdeaAnswer } from '@landunits/domain/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { HOUR, MINUTE } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { Limit } from '../../platform/security/rate-limit';
import { ideaView } from './ideas-store';
import { ideas, ideaSupports } from './schema';

/** Submitting: 5 ideas an hour per person. Supporting and withdrawing: 60 a minute per person. */
export const submitLimit = (userId: string): Limit => ({ key: `ideas:submit:${userId}`, max: 5, windowMs: HOUR });
export const supportLimit = (userId: string): Limit => ({ key: `ideas:support:${userId}`, max: 60, windowMs: MINUTE });

/** A person suggests an idea: listed at once with status new and no support. */
export async function submitIdea(ctx: AppContext, userId: string, input: IdeaInput): Promise<IdeaAnswer> {
  await ctx.limiter.hit(submitLimit(userId));
  const now = ctx.clock.now();
  const [row] = await ctx.db.insert(ideas).values({ authorId: userId, title: input.title, description: input.description, createdAt: now, updatedAt: now }).returning({ id: ideas.id });
  if (!row) throw new Error('the idea was not inserted');
  return { message: M.submitted, idea: await ideaView(ctx.db, row.id, userId) };
}

/**
 * The idea to support, locked FOR NO KEY UPDATE (the lock its count's update needs anyway), so
 * supports of one idea queue on its row instead of deadlocking between a shared lock and the
 * update; hidden ones are not found.
 */
async function holdIdea(tx: Db, id: number): Promise<{ authorId: string }> {
  const [row] = await tx.select({ authorId: ideas.authorId, hidden: ideas.hidden }).from(ideas).where(eq(ideas.id, id)).for('no key update');
  if (!row || row.hidden) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/**
 * Supports an idea once: the insert into idea_supports (primary key idea × person) either takes
 * effect and adds one to the count in the same transaction, or finds the support already there and
 * changes nothing. Concurrent requests of one person wait on the key and count once.
 */
export async function supportIdea(ctx: AppContext, userId: string, id: number): Promise<IdeaAnswer> {
  await ctx.limiter.hit(supportLimit(userId));
  await inTransaction(ctx.db, async (tx) => {
    const idea = await holdIdea(tx, id);
    if (idea.authorId === userId) throw new AppError('CONFLICT', M.ownIdea);
    const inserted = await tx.insert(ideaSupports).values({ ideaId: id, userId, createdAt: ctx.clock.now() }).onConflictDoNothing().returning({ ideaId: ideaSupports.ideaId });
    if (inserted.length > 0)
      await tx
        .update(ideas)
        .set({ supportCount: sql`${ideas.supportCount} + 1` })
        .where(eq(ideas.id, id));
  });
  return { message: M.supported, idea: await ideaView(ctx.db, id, userId) };
}

/** Withdraws a support: the count goes down only when a support row was deleted. */
export async function withdrawSupport(ctx: AppContext, userId: string, id: number): Promise<IdeaAnswer> {
  await ctx.limiter.hit(supportLimit(userId));
  await inTransaction(ctx.db, async (tx) => {
    await holdIdea(tx, id);
    const deleted = await tx
      .delete(ideaSupports)
      .where(and(eq(ideaSupports.ideaId, id), eq(ideaSupports.userId, userId)))
      .returning({ ideaId: ideaSupports.ideaId });
    if (deleted.length > 0)
      await tx
        .update(ideas)
        .set({ supportCount: sql`${ideas.supportCount} - 1` })
        .where(and(eq(ideas.id, id), gt(ideas.supportCount, 0)));
  });
  return { message: M.unsupported, idea: await ideaView(ctx.db, id, userId) };
}
