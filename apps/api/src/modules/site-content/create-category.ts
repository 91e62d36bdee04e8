import type { AdminCategory, CategoryInput } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { newsCategories } from './schema';
import { categorySnapshot, slugTaken, toAdminCategory, writeCategory } from './store';

/** Adds a category after the others. */
export async function createCategory(ctx: DbContext, admin: AuditActor, input: CategoryInput): Promise<AdminCategory> {
  return writeCategory(ctx, async (tx, now) => {
    const [row] = await tx
      .insert(newsCategories)
      .values({ ...input, position: sql`(select coalesce(max(${newsCategories.position}), 0) + 1 from ${newsCategories})`, createdAt: now })
      .onConflictDoNothing({ target: newsCategories.slug })
      .returning();
    if (!row) throw slugTaken();
    await recordAudit(tx, { actor: admin, at: now, action: 'newsCategory.create', targetType: 'newsCategory', targetId: String(row.id), before: null, after: categorySnapshot(row) });
    return toAdminCategory(row, 0);
  });
}
