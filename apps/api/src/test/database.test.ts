import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, queryRows, type Database } from '../platform/db/client';
import { appState } from '../schema';
import { createTestDatabase } from './database';

const committed = (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

async function applied(database: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]!.n;
}

let first: Database;
let second: Database;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('test databases copied from the migrated template', () => {
  it('have every committed migration applied, and migrating again applies none', async () => {
    expect(await applied(first)).toBe(committed);
    await first.migrate();
    expect(await applied(first)).toBe(committed);
  });

  it('are separate databases: a row written in one is not in the other', async () => {
    await first.db.insert(appState).values({ key: 'copy-isolation', value: { from: 'first' } });
    const inFirst = await first.db.select().from(appState).where(eq(appState.key, 'copy-isolation'));
    const inSecond = await second.db.select().from(appState).where(eq(appState.key, 'copy-isolation'));
    expect(inFirst).toHaveLength(1);
    expect(inSecond).toHaveLength(0);
  });
});
