import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appState } from './schema';

const SEED_KEY = 'demo_seeded_at';

export interface SeedResult {
  seeded: boolean;
  /** Lines to print once, e.g. demo credentials. */
  notes: string[];
}

type Seeder = (database: Database) => Promise<string[]>;

/**
 * Demo content for a new embedded database. Each module adds its seeder here; the whole set runs
 * once, in one transaction with the marker that records it.
 */
const seeders: Seeder[] = [];

export async function seedDemoContent(database: Database): Promise<SeedResult> {
  const done = await database.db.select().from(appState).where(eq(appState.key, SEED_KEY));
  if (done.length > 0) return { seeded: false, notes: [] };
  const notes: string[] = [];
  for (const seed of seeders) notes.push(...(await seed(database)));
  await database.db
    .insert(appState)
    .values({ key: SEED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing();
  return { seeded: true, notes };
}
