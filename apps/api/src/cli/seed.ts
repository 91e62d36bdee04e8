import { loadConfig } from '../config';
import { openDatabaseOrExit } from './open-database';
import { DEMO_FRIEND_EMAIL, DEMO_USER_EMAIL, seedDemoOrders } from '../modules/orders';
import { seedDemoCommunity } from '../modules/community';
import { seedDemoIdeas } from '../modules/ideas';
import { seedDemoChat } from '../modules/chat';
import { seedDemoProjects } from '../modules/land-projects';
import { seedSiteContent } from '../modules/site-content';
import { DEMO_ADMINS, seedDemoAdmin } from '../modules/users';
import { seedDemoContent } from '../platform/db/seed';
import { seedDemoGovernance } from '../modules/governance';
import { seedDemoVerification } from '../modules/verification';

/** npm run db:seed: adds the demo content once (a second run does nothing). */
const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  const result = await seedDemoContent(database, [
    seedDemoAdmin,
    seedDemoOrders,
    (db) => seedDemoVerification(db, DEMO_USER_EMAIL),
    (db) => seedDemoCommunity(db, DEMO_USER_EMAIL, DEMO_FRIEND_EMAIL, DEMO_ADMINS.SUPPORT),
    seedDemoGovernance,
    seedDemoProjects,
    (db) => seedDemoIdeas(db, [DEMO_USER_EMAIL, DEMO_FRIEND_EMAIL]),
    (db) => seedDemoChat(db, DEMO_USER_EMAIL, DEMO_ADMINS.SUPPORT),
  ]);
  process.stdout.write(result.seeded ? `Demo content added.\n${result.notes.join('\n')}\n` : 'Demo content was already there.\n');
  // Runs on its own check (no news category yet), so it also fills a database seeded before.
  const siteNotes = await seedSiteContent(database.db);
  if (siteNotes.length > 0) process.stdout.write(`${siteNotes.join('\n')}\n`);
} finally {
  await database.close();
}
