import { IDEA_MESSAGES as M } from '@landunits/domain';
import type { IdeaAnswer } from '@landunits/domain/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { supportLimit } from './limits';
import { ideas, ideaSupports } from './schema';
import { holdIdea, ideaView } from './store';

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
