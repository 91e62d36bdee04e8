import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import { personColumns, type Person } from './store';

/** The people with these ids, by id, in one query; ids nobody has are missing from the map. */
export async function findUsersByIds(db: Db, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
