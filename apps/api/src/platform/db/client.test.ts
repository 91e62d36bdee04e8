import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { queryRows, type Database } from './client';
import { seedDemoContent } from './seed';

// An empty database, not a copy of the migrated template: these tests are about migrating.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ fresh: true });
});
afterAll(() => database.close());

describe('database', () => {
  it('applies the committed migrations, and applying them again changes nothing', async () => {
    await database.migrate();
    const rows = await queryRows<{ table_name: string }>(database.db, sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    expect(rows.map((r) => r.table_name)).toContain('app_state');
  });

  it('seeds demo content once', async () => {
    const first = await seedDemoContent(database, [async () => ['seeded']]);
    const second = await seedDemoContent(database, [async () => ['seeded']]);
    expect(first.seeded).toBe(true);
    expect(second).toEqual({ seeded: false, notes: [] });
  });

  it('answers a ping', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });
});

// The embedded database belongs to one process; several instances exist only on PostgreSQL, so
// this runs where TEST_DATABASE_URL names a server (CI's PostgreSQL pass).
const serverUrl = process.env.TEST_DATABASE_URL;
describe('migrations from several instances at once', () => {
  it.runIf(serverUrl)('apply once and leave every instance working', async () => {
    if (!serverUrl) throw new Error('unreachable');
    const { openDatabase } = await import('./client');
    const rows = await queryRows<{ db: string }>(database.db, sql`select current_database() as db`);
    const url = new URL(serverUrl);
    url.pathname = `/${rows[0]!.db}`;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 3 })));
    try {
      await Promise.all(instances.map((i) => i.migrate()));
      const applied = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied[0]!.n).toBeGreaterThan(0);
      await Promise.all(instances.map((i) => i.ping()));
    } finally {
      await Promise.all(instances.map((i) => i.close()));
    }
  });
});
