import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/platform/db/client';
import { createAdminPerson, createPerson, type TestPerson } from '../../apps/api/src/test/factories';

/**
 * Migrates the chaos run's database and makes its people with the app's own test factories (an
 * app in this process, not listening, no job runner): verified customers holding Units, in pairs
 * that send to each other in both directions, and one OWNER admin who approves bank buys.
 */

export interface People {
  customers: TestPerson[];
  admin: TestPerson;
}

export const STARTING_UNITS = 100_000;

export async function prepare(databaseUrl: string, customers: number): Promise<People> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  try {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
    try {
      const tag = Date.now().toString(36);
      const made: TestPerson[] = [];
      for (let i = 0; i < customers; i++) {
        made.push(await createPerson(app, { email: `chaos${i}.${tag}@example.com`, firstName: `Chaos${i}`, lastName: 'Customer', verified: true, units: STARTING_UNITS }));
      }
      const admin = await createAdminPerson(app, 'OWNER', { email: `chaos-admin.${tag}@example.com` });
      return { customers: made, admin };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
