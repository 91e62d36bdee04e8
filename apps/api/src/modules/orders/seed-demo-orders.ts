import { randomBytes, randomUUID } from 'node:crypto';
import { addDaysIso, utcIsoDate, type CreateOrder } from '@landunits/domain';
import { systemClock } from '../../platform/clock';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { createDemoUser, DEMO_ADMIN_EMAIL, findActiveUserByEmail } from '../users';
import { createOrder, type Customer } from './create-order';
import { adminTransition, confirmPaymentSent } from './order-actions';

export const DEMO_USER_EMAIL = 'demo@landunits.example';
export const DEMO_FRIEND_EMAIL = 'friend@landunits.example';

const once = () => ({ key: `seed-${randomUUID()}`, fingerprint: randomUUID() });

/**
 * Demo seeder (after seedDemoAdmin): a person with a history to look at — an approved bank buy,
 * a buy waiting in the admin's queue, a transfer to a friend, a scheduled transfer and a
 * conversion still locked. Everything goes through the same use-cases as the API, so the ledger
 * and the costs are exactly what real use would make.
 */
export async function seedDemoOrders(db: Db): Promise<string[]> {
  const ctx: DbContext = { db, clock: systemClock };
  const password = `Lu${randomBytes(9).toString('base64url')}8`;
  const demo = await createDemoUser(db, { email: DEMO_USER_EMAIL, password, firstName: 'Dana', lastName: 'Demo', verified: true });
  await createDemoUser(db, { email: DEMO_FRIEND_EMAIL, password: `Lu${randomBytes(9).toString('base64url')}8`, firstName: 'Frank', lastName: 'Friend' });
  const admin = await findActiveUserByEmail(db, DEMO_ADMIN_EMAIL);
  if (!admin) throw new Error('seedDemoOrders runs after seedDemoAdmin');
  const customer: Customer = { ...demo, purchaseLimitOverrideCents: null };
  const place = async (order: CreateOrder) => (await createOrder(ctx, customer, order, once())).body.orderCreatedData.orderId;

  const bought = await place({ orderType: 'BUY', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 250 }, paymentDetails: { paymentMethod: 'Bank' } });
  await confirmPaymentSent(ctx, demo.id, bought, once());
  await adminTransition(ctx, admin.id, bought, { toStatus: 'Approved', reason: 'Payment received (demo)' }, once());

  const waiting = await place({ orderType: 'BUY', currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 40 }, paymentDetails: { paymentMethod: 'Bank' } });
  await confirmPaymentSent(ctx, demo.id, waiting, once());

  await place({ orderType: 'TRANSFER', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 10 }, transfer: { recipientEmail: DEMO_FRIEND_EMAIL } });
  const nextWeek = addDaysIso(utcIsoDate(new Date()), 7);
  await place({ orderType: 'TRANSFER_FUTURE', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 5 }, transfer: { recipientEmail: DEMO_FRIEND_EMAIL, scheduledDate: nextWeek } });
  await place({ orderType: 'CONVERT', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 20 }, convert: { unitType: 'LAND_USD' } });

  return ['Demo customer with orders (shown once):', `    email:    ${DEMO_USER_EMAIL}`, `    password: ${password}`];
}
