import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { QuestionAction } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { communityQuestions as q } from './schema';
import { findQuestion } from './store';

/** POST /api/community/reopen-question: only the asker; the accepted answer stays marked. */
export async function reopenQuestion(ctx: AppContext, userId: string, questionId: number): Promise<QuestionAction> {
  return inTransaction(ctx.db, async (tx) => {
    const question = await findQuestion(tx, questionId, { lock: true });
    if (question.userId !== userId) throw new AppError('FORBIDDEN', M.notAsker);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(q)
      .set({ status: 'open', closedAt: null, updatedAt: now })
      .where(and(eq(q.id, question.id), eq(q.status, 'closed')))
      .returning({ id: q.id });
    if (!updated) throw new AppError('TRANSITION_REFUSED', M.notClosed);
    return { message: M.reopened, questionId: question.id };
  });
}
