import { CONTENT_MESSAGES as M, type AdminCategory, type CategoryInput } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { newsCategories } from './schema';
import { categorySnapshot, itemsIn, lockCategory, toAdminCategory, writeCategory } from './store';

/** Renames a category or changes its slug (its page moves to the new address). */
export async function updateCategory(ctx: DbContext, admin: AuditActor, id: number, input: CategoryInput): Promise<AdminCategory> {
  return writeCategory(ctx, async (tx, now) => {
    const before = await lockCategory(tx, id);
    const items = await itemsIn(tx, id);
    if (before.name === input.name && before.slug === input.slug) return toAdminCategory(before, items);
    const [row] = await tx.update(newsCategories).set(input).where(eq(newsCategories.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', M.categoryNotFound);
    await recordAudit(tx, { actor: admin, at: now, action: 'newsCategory.update', targetType: 'newsCategory', targetId: String(id), before: categorySnapshot(before), after: categorySnapshot(row) });
    return toAdminCategory(row, items);
  });
}
