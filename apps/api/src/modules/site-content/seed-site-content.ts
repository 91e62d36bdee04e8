import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { newsCategories, newsItems, teamMembers } from './schema';
import { inTransaction } from '../../platform/db/transaction';
import { DEMO_NEWS_CATEGORIES, DEMO_NEWS_ITEMS, DEMO_TEAM } from './demo-content';

export const SITE_CONTENT_SEEDED_NOTE = 'Demo news and team added to the website.';

/**
 * Demo content of the public website (demo-content.ts). Idempotent on its own, unlike the seeders
 * run once under seedDemoContent's marker: it does nothing when any news category exists, so it
 * can run on every start of the embedded database and fills one that was seeded before the
 * website had news. The team is added only when there is none. One transaction under an advisory
 * lock, so two processes starting at once add it once. Returns one line to print when it added.
 */
export async function seedSiteContent(db: Db): Promise<string[]> {
  const added = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed-site-content'))`);
    const [existing] = await tx.select({ id: newsCategories.id }).from(newsCategories).limit(1);
    if (existing) return false;

    const categories = await tx
      .insert(newsCategories)
      .values(DEMO_NEWS_CATEGORIES.map((category, i) => ({ ...category, position: i + 1 })))
      .returning({ id: newsCategories.id, slug: newsCategories.slug });
    const idOf = new Map(categories.map((c) => [c.slug, c.id]));
    await tx.insert(newsItems).values(
      DEMO_NEWS_ITEMS.map(({ category, publishedAt, ...item }) => {
        const categoryId = idOf.get(category);
        if (categoryId === undefined) throw new Error(`demo news item in an unknown category: ${category}`);
        return { ...item, categoryId, publishedAt: new Date(publishedAt), isDemo: true };
      }),
    );

    const [someone] = await tx.select({ id: teamMembers.id }).from(teamMembers).limit(1);
    if (!someone) await tx.insert(teamMembers).values(DEMO_TEAM.map((member, i) => ({ ...member, position: i + 1, isDemo: true })));
    return true;
  });
  return added ? [SITE_CONTENT_SEEDED_NOTE] : [];
}
