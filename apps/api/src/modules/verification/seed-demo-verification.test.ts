import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client';
import { seedDemoContent } from '../../platform/db/seed';
import { createTestDatabase } from '../../test/database';
import { DEMO_USER_EMAIL, seedDemoOrders } from '../orders';
import { findUserByEmail, seedDemoAdmin } from '../users';
import { verificationOverview } from './show-verification-overview';
import { seedDemoVerification } from './seed-demo-verification';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('gives the demo person complete, valid profile and bank details behind their Approved statuses', async () => {
  await seedDemoContent(database, [seedDemoAdmin, seedDemoOrders, (db) => seedDemoVerification(db, DEMO_USER_EMAIL)]);
  const demo = await findUserByEmail(database.db, DEMO_USER_EMAIL);
  const overview = await verificationOverview(database.db, demo!, new Date());
  expect(overview.profile).toMatchObject({ status: 'Approved', details: { firstName: 'Dana', address: { townCity: 'Bristol' }, passport: { passportNumber: 'DEMO123456' } } });
  expect(overview.bank).toMatchObject({ status: 'Approved', details: { bankAccountName: 'Dana Demo', bankAccountNumber: '12345678' } });
  expect(overview.moneyHold).toBeNull();
  expect(overview.limits.current).toBe('profileApproved');
  // Approved: nothing left to submit, so nothing is listed as missing (the demo has no documents).
  expect([overview.profile.missing, overview.bank.missing]).toEqual([[], []]);
});
