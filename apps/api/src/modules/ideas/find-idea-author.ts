import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { ideas } from './schema';

/** Who proposed the idea with this id (docs/decisions/0037); none for an unknown id. */
export async function ideaAuthorOf(db: Db, id: string): Promise<string[]> {
  if (!/^\d{1,15}$/.test(id)) return [];
  const [row] = await db
    .select({ authorId: ideas.authorId })
    .from(ideas)
    .where(eq(ideas.id, Number(id)));
  return row?.authorId ? [row.authorId] : [];
}
