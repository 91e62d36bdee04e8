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

/** Builds the app on a fresh database. Env overrides go through the real config loader. */
export async function createTestApp(
  env: Record<string, string> = {},
  register?: (app: FastifyInstance) => void,
  clock?: Clock,
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
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
    },
  };
}
