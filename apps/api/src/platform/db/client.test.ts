import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { withAdmin } from '../../test/template';
import { openDatabase, queryRows, type Database } from './client';
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

  it('tells how many migrations it applied and how many the database has', async () => {
    const empty = await openDatabase({});
    try {
      const first = await empty.migrate();
      const journal = await queryRows<{ n: number }>(empty.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(first.applied).toBeGreaterThan(0);
      expect(first).toEqual({ applied: journal[0]!.n, total: journal[0]!.n });
      expect(await empty.migrate()).toEqual({ applied: 0, total: first.total });
    } finally {
      await empty.close();
    }
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
    // A new, empty database: the one of this file is migrated already.
    const name = `lu_migrate_race_${process.pid}_${Date.now()}`;
    await withAdmin(serverUrl, (client) => client.query(`create database "${name}"`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 3 })));
    try {
      const outcomes = await Promise.all(instances.map((i) => i.migrate()));
      const applied = await queryRows<{ n: number }>(instances[0]!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied[0]!.n).toBeGreaterThan(0);
      // One instance applied them all, the others found nothing left to do.
      expect(outcomes.map((o) => o.applied).sort((a, b) => a - b)).toEqual([0, 0, applied[0]!.n]);
      await Promise.all(instances.map((i) => i.ping()));
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    }
  });
});
