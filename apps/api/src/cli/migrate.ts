import { loadConfig } from '../config';
import { openDatabaseOrExit } from './open-database';

/** npm run db:migrate: applies committed migrations to DATABASE_URL or the embedded database. */
const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  const { applied, total } = await database.migrate();
  process.stdout.write(`Migrations applied (${database.driver}): ${applied} new, ${total} in all.\n`);
} finally {
  await database.close();
}
