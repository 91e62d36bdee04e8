import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { seedDemoContent } from '../../platform/db/seed';
import { createTestDatabase } from '../../test/database';
import { balancesOf, reconcile, userHolder } from '../ledger';
import { DEMO_ADMIN_EMAIL, findActiveUserByEmail, seedDemoAdmin } from '../users';
import { getTransactions } from './get-transactions';
import { holdingsOf } from '../holdings';
import { reservationProblems } from './check-reservations';
import { DEMO_FRIEND_EMAIL, DEMO_USER_EMAIL, seedDemoOrders } from './seed-demo-orders';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('demo orders', () => {
  it('seeds a customer whose history went through the real use-cases, with a clean ledger', async () => {
    const result = await seedDemoContent(database, [seedDemoAdmin, seedDemoOrders]);
    expect(result.notes.join('\n')).toContain(DEMO_USER_EMAIL);
    expect(result.notes.join('\n')).toContain('DEMO-10OFF');
    const db = database.db;
    const demo = await findActiveUserByEmail(db, DEMO_USER_EMAIL);
    const friend = await findActiveUserByEmail(db, DEMO_FRIEND_EMAIL);
    expect(demo && friend && (await findActiveUserByEmail(db, DEMO_ADMIN_EMAIL))).toBeTruthy();

    const balances = await balancesOf(db, userHolder(demo!.id));
    // 250 bought − 10 sent − 5 queued − 20 converted, + 100 bought with a bonus code (25 locked), + 60 LU2X.
    expect(balances.LAND_POUND).toMatchObject({ owned: 315n, transferQueued: 5n, bonusLocked: 25n, owned_DOUBLE_LAND: 60n });
    expect(balances.LAND_USD).toMatchObject({ pendingBuy: 40n, convertLocked: 24n });
    expect((await balancesOf(db, userHolder(friend!.id))).LAND_POUND.owned).toBe(10n);

    const list = await getTransactions(db, demo!.id, { page: 1, pageSize: 20, sortBy: 'createdAt', sortDirection: 'desc' });
    expect(list.transactions.map((t) => `${t.orderType} ${t.orderStatus}`).sort()).toEqual(
      ['BUY Approved', 'BUY Approved', 'BUY Approved', 'BUY PaymentSent', 'CONVERT Completed', 'TRANSFER Completed', 'TRANSFER_FUTURE Scheduled'].sort(),
    );
    const prices = { LAND_POUND: '1.000000', LAND_USD: '1.000000', LAND_EUR: '1.000000', LAND_AUD: '1.000000' } as const;
    const holdings = await holdingsOf(db, demo!.id, prices);
    expect(holdings.LAND_POUND.total_value_bought).toBeGreaterThan(0);

    expect(await reconcile(db)).toEqual([]);
    expect(await reservationProblems(db, systemClock.now())).toEqual([]);
  });

  it('does not seed twice', async () => {
    expect(await seedDemoContent(database, [seedDemoAdmin, seedDemoOrders])).toEqual({ seeded: false, notes: [] });
  });
});
