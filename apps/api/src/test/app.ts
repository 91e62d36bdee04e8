import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { createTestDatabase } from './database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database. Env overrides go through the real config loader. Files go to
 * a new temporary DATA_DIR (removed on close) with a random encryption key, unless env sets them.
 */
export async function createTestApp(env: Record<string, string> = {}, register?: (app: FastifyInstance) => void, clock?: Clock): Promise<TestContext> {
  const dataDir = env.DATA_DIR ? null : await mkdtemp(path.join(tmpdir(), 'lu-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    FILE_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
    LINK_SIGNING_SECRET: randomBytes(32).toString('base64'),
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, ...(clock ? { clock } : {}) });
  register?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
