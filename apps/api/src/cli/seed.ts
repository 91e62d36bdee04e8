import { loadConfig } from '../config';
import { openDatabaseOrExit } from './open-database';
import { seedSiteContent } from '../modules/site-content';
import { seedDemoContent } from '../platform/db/seed';
import { DEMO_SEEDERS } from '../demo-content';

/** npm run db:seed: adds the demo content once (a second run does nothing). */
const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  const result = await seedDemoContent(database, DEMO_SEEDERS);
  process.stdout.write(result.seeded ? `Demo content added.\n${result.notes.join('\n')}\n` : 'Demo content was already there.\n');
  // Runs on its own check (no news category yet), so it also fills a database seeded before.
  const siteNotes = await seedSiteContent(database.db);
  if (siteNotes.length > 0) process.stdout.write(`${siteNotes.join('\n')}\n`);
} finally {
  await database.close();
}
