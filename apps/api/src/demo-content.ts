import { DEMO_FRIEND_EMAIL, DEMO_USER_EMAIL, seedDemoOrders } from './modules/orders';
import { seedDemoCommunity } from './modules/community';
import { seedDemoIdeas } from './modules/ideas';
import { seedDemoChat } from './modules/chat';
import { seedDemoProjects } from './modules/land-projects';
import { DEMO_ADMINS, seedDemoAdmin } from './modules/users';
import { seedDemoAuthenticators } from './modules/auth';
import type { Seeder } from './platform/db/seed';
import { seedDemoGovernance } from './modules/governance';
import { seedDemoVerification } from './modules/verification';

/**
 * The demo content, in order (admins first: the demo orders and conversations name them): what a
 * newcomer's first `npm start` adds to a new embedded database and what `npm run db:seed` adds.
 */
export const DEMO_SEEDERS: readonly Seeder[] = [
  seedDemoAdmin,
  (db) => seedDemoAuthenticators(db, Object.values(DEMO_ADMINS)),
  seedDemoOrders,
  (db) => seedDemoVerification(db, DEMO_USER_EMAIL),
  (db) => seedDemoCommunity(db, DEMO_USER_EMAIL, DEMO_FRIEND_EMAIL, DEMO_ADMINS.SUPPORT),
  seedDemoGovernance,
  seedDemoProjects,
  (db) => seedDemoIdeas(db, [DEMO_USER_EMAIL, DEMO_FRIEND_EMAIL]),
  (db) => seedDemoChat(db, DEMO_USER_EMAIL, DEMO_ADMINS.SUPPORT),
];
