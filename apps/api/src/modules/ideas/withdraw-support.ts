import { IDEA_MESSAGES as M } from '@landunits/domain';
import type { IdeaAnswer } from '@landunits/domain/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { supportLimit } from './limits';
import { ideas, ideaSupports } from './schema';
import { holdIdea, ideaView } from './store';

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
