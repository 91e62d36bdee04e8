import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from './client';
import { seedDemoContent } from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('database', () => {
  it('applies the committed migrations, and applying them again changes nothing', async () => {
    await database.migrate();
    const { rows } = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toContain('app_state');
  });

  it('seeds demo content once', async () => {
    const first = await seedDemoContent(database);
    const second = await seedDemoContent(database);
    expect(first.seeded).toBe(true);
    expect(second).toEqual({ seeded: false, notes: [] });
  });

  it('answers a ping', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
