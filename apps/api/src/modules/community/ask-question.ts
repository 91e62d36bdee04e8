import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { QuestionAction } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { askLimits } from './limits';
import { communityQuestions as q } from './schema';

/** POST /api/community/create-question: any signed-in person asks. */
export async function askQuestion(ctx: AppContext, userId: string, input: { title: string; body: string }): Promise<QuestionAction> {
  await ctx.limiter.hit(...askLimits(userId));
  const now = ctx.clock.now();
  const [row] = await ctx.db.insert(q).values({ userId, title: input.title, body: input.body, createdAt: now, updatedAt: now }).returning({ id: q.id });
  if (!row) throw new Error('question not stored');
  return { message: M.asked, questionId: row.id };
}
