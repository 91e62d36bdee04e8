import { GOVERNANCE_MESSAGES as M, type AdminQuiz } from '@landunits/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { quizzes as q } from './schema';
import { adminQuizViewOf } from './store';

export async function publishQuiz(ctx: AppContext, admin: AuditActor, quizId: number): Promise<AdminQuiz> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const now = ctx.clock.now();
    const [row] = await tx
      .update(q)
      .set({ status: 'published', publishedAt: now, updatedAt: now })
      .where(and(eq(q.id, quizId), eq(q.status, 'draft')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: q.id }).from(q).where(eq(q.id, quizId));
      throw exists ? new AppError('TRANSITION_REFUSED', M.quizNotDraft) : new AppError('NOT_FOUND', M.quizNotFound);
    }
    await recordAudit(tx, { actor: { ...admin, role }, at: now, action: 'quiz.publish', targetType: 'quiz', targetId: String(quizId), before: { status: 'draft' }, after: { status: 'published' } });
    return adminQuizViewOf(tx, row);
  });
}
