import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appState } from './schema/platform';

const SEED_KEY = 'demo_seeded_at';

export interface SeedResult {
  seeded: boolean;
  /** Lines to print once, e.g. demo credentials. */
  notes: string[];
}

import type { Db } from './client';

/** A module's demo content; returns lines to print once (e.g. credentials). */
export type Seeder = (db: Db) => Promise<string[]>;

/** Demo content for a new database: every seeder runs once, recorded by a marker row. */
export async function seedDemoContent(database: Database, seeders: readonly Seeder[]): Promise<SeedResult> {
  const done = await database.db.select().from(appState).where(eq(appState.key, SEED_KEY));
  if (done.length > 0) return { seeded: false, notes: [] };
  const notes: string[] = [];
  for (const seed of seeders) notes.push(...(await seed(database.db)));
  await database.db.insert(appState).values({ key: SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  return { seeded: true, notes };
}
