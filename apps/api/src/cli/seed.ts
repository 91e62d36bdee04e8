import { loadConfig } from '../config';
import { openDatabase } from '../platform/db/client';
import { seedDemoOrders } from '../modules/orders';
import { seedDemoAdmin } from '../modules/users';
import { seedDemoContent } from '../platform/db/seed';

/** npm run db:seed: adds the demo content once (a second run does nothing). */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const result = await seedDemoContent(database, [seedDemoAdmin, seedDemoOrders]);
  process.stdout.write(result.seeded ? `Demo content added.\n${result.notes.join('\n')}\n` : 'Demo content was already there.\n');
} finally {
  await database.close();
}
