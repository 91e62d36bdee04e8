import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { embeddedDatabase, openDatabase, type Database } from '../platform/db/client';
import { COPY_PREFIX, databaseUrl, newRunId, withAdmin, type TestDatabaseTemplate } from './template';

export interface TestDatabaseOptions {
  /**
   * Replay every migration into an empty database instead of copying the run's migrated template:
   * for tests of migrating itself.
   */
  fresh?: boolean;
}

/**
 * A migrated database of its own for one test file: embedded and in memory by default; with
 * TEST_DATABASE_URL set, a new database on that server, dropped on close. Both are copies of the
 * template the api project's global setup migrated once for the run (./global-setup.ts).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const template = options.fresh ? undefined : (inject('testDatabaseTemplate') as TestDatabaseTemplate | undefined);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (template?.driver === 'pglite') {
      const client = new PGlite({ loadDataDir: new Blob([await readFile(template.file)]) });
      await client.waitReady;
      return embeddedDatabase(client);
    }
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const runId = template?.driver === 'postgres' ? template.runId : newRunId();
  const name = `${COPY_PREFIX}${runId}_${randomBytes(4).toString('hex')}`;
  if (template?.driver === 'postgres') await copyTemplate(serverUrl, template.template, name);
  else await withAdmin(serverUrl, (client) => client.query(`create database "${name}"`));
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 10 });
  if (template?.driver !== 'postgres') await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/**
 * CREATE DATABASE … TEMPLATE is refused while anyone is connected to the template ("source
 * database is being accessed by other users"); the template takes no connections, but a session
 * that was closing a moment ago may still count, so that refusal is retried for a while.
 */
async function copyTemplate(serverUrl: string, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin(serverUrl, (client) => client.query(`create database "${name}" template "${template}"`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
      await sleep(Math.min(50 * attempt, 500));
    }
  }
}
