import { loadConfig } from '../config';
import { openDatabase } from '../platform/db/client';

/** npm run db:migrate: applies committed migrations to DATABASE_URL or the embedded database. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  process.stdout.write(`Migrations applied (${database.driver}).\n`);
} finally {
  await database.close();
}
