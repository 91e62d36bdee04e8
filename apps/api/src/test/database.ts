import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/client';

/**
 * A fresh, migrated database for one test file: embedded and in memory by default; with
 * TEST_DATABASE_URL set, a new database created on that server and dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = `lu_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
