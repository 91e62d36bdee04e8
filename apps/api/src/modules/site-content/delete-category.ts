import { CONTENT_MESSAGES as M } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { newsCategories } from './schema';
import { categorySnapshot, itemsIn, lockCategory, writeCategory } from './store';

/**
 * Deletes a category no article is filed under; otherwise 409 saying how many are. The row is
 * locked first, so an article being filed under it at the same moment either commits first (and
 * is counted) or waits and finds the category gone.
 */
export async function deleteCategory(ctx: DbContext, admin: AuditActor, id: number): Promise<{ message: string }> {
  return writeCategory(ctx, async (tx, now) => {
    const before = await lockCategory(tx, id);
    const items = await itemsIn(tx, id);
    if (items > 0) throw new AppError('CONFLICT', M.categoryInUse(items));
    await tx.delete(newsCategories).where(eq(newsCategories.id, id));
    await recordAudit(tx, { actor: admin, at: now, action: 'newsCategory.delete', targetType: 'newsCategory', targetId: String(id), before: categorySnapshot(before), after: null });
    return { message: M.deleted };
  });
}
