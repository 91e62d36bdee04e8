import { randomBytes, randomUUID } from 'node:crypto';
import { addDaysIso, utcIsoDate, type CreateOrder } from '@landunits/domain';
import { systemClock } from '../../platform/clock';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { insertDemoReferenceCodes } from '../reference-codes';
import { createDemoUser, DEMO_ADMIN_EMAIL, findActiveUserByEmail } from '../users';
import { createOrder } from './create-order';
import { NO_STEP_UP, type Customer } from './order-types';
import { confirmPaymentSent } from './confirm-payment-sent';
import { adminTransition } from './decide-order';

export const DEMO_USER_EMAIL = 'demo@landunits.example';
export const DEMO_FRIEND_EMAIL = 'friend@landunits.example';

/** Reference codes of the demo content (marked DEMO), for trying discounts and bonuses. */
export const DEMO_REFERENCE_CODES = [
  { code: 'DEMO-10OFF', codeType: 'DISCOUNT' as const, isPercent: true, amount: '10' },
  { code: 'DEMO-5POUNDS', codeType: 'DISCOUNT' as const, isPercent: false, amount: '500', minPaymentAmountCents: 2_000 },
  { code: 'DEMO-BONUS25', codeType: 'BONUS' as const, bonusUnits: 25 },
];

const once = () => ({ key: `seed-${randomUUID()}`, fingerprint: randomUUID() });

/**
 * Demo seeder (after seedDemoAdmin): a person with a history to look at — an approved bank buy,
 * a buy waiting in the admin's queue, a transfer to a friend, a scheduled transfer, a conversion
 * still locked, a buy with locked bonus Units and an LU2X buy — and three demo reference codes. Everything goes through the same use-cases as the API, so the ledger
 * and the costs are exactly what real use would make.
 */
export async function seedDemoOrders(db: Db): Promise<string[]> {
  const ctx: DbContext = { db, clock: systemClock };
  const password = `Lu${randomBytes(9).toString('base64url')}8`;
  const demo = await createDemoUser(db, { email: DEMO_USER_EMAIL, password, firstName: 'Dana', lastName: 'Demo', verified: true });
  await createDemoUser(db, { email: DEMO_FRIEND_EMAIL, password: `Lu${randomBytes(9).toString('base64url')}8`, firstName: 'Frank', lastName: 'Friend' });
  const admin = await findActiveUserByEmail(db, DEMO_ADMIN_EMAIL);
  if (!admin) throw new Error('seedDemoOrders runs after seedDemoAdmin');
  const demoAdmin = { userId: admin.id, role: 'OWNER' as const };
  const customer: Customer = demo;
  const place = async (order: CreateOrder) => (await createOrder(ctx, customer, order, once(), NO_STEP_UP)).body.orderCreatedData.orderId;

  const bought = await place({ orderType: 'BUY', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 250, isDoubleLand: false }, paymentDetails: { paymentMethod: 'Bank' } });
  await confirmPaymentSent(ctx, demo.id, bought, once());
  await adminTransition(ctx, demoAdmin, bought, { toStatus: 'Approved', reason: 'Payment received (demo)' }, once());

  const waiting = await place({ orderType: 'BUY', currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 40, isDoubleLand: false }, paymentDetails: { paymentMethod: 'Bank' } });
  await confirmPaymentSent(ctx, demo.id, waiting, once());

  await place({ orderType: 'TRANSFER', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 10 }, transfer: { recipientEmail: DEMO_FRIEND_EMAIL } });
  const nextWeek = addDaysIso(utcIsoDate(new Date()), 7);
  await place({ orderType: 'TRANSFER_FUTURE', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 5 }, transfer: { recipientEmail: DEMO_FRIEND_EMAIL, scheduledDate: nextWeek } });
  await place({ orderType: 'CONVERT', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 20 }, convert: { unitType: 'LAND_USD' } });

  // Demo reference codes, and a bonus-code buy and an LU2X buy to show their locked Units.
  await insertDemoReferenceCodes(db, DEMO_REFERENCE_CODES, admin.id);
  const withBonus = await place({
    orderType: 'BUY',
    currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 100, isDoubleLand: false },
    paymentDetails: { paymentMethod: 'Bank' },
    buy: { referenceCode: 'DEMO-BONUS25' },
  });
  await confirmPaymentSent(ctx, demo.id, withBonus, once());
  await adminTransition(ctx, demoAdmin, withBonus, { toStatus: 'Approved', reason: 'Payment received (demo)' }, once());
  const doubleLand = await place({ orderType: 'BUY', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 60, isDoubleLand: true }, paymentDetails: { paymentMethod: 'Bank' } });
  await confirmPaymentSent(ctx, demo.id, doubleLand, once());
  await adminTransition(ctx, demoAdmin, doubleLand, { toStatus: 'Approved', reason: 'Payment received (demo)' }, once());

  return ['Demo customer with orders (shown once):', `    email:    ${DEMO_USER_EMAIL}`, `    password: ${password}`, `Demo reference codes: ${DEMO_REFERENCE_CODES.map((c) => c.code).join(', ')}`];
}
