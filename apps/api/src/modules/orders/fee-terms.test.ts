import { DEFAULT_MONEY_SETTINGS, type MoneySettings } from '@landunits/domain';
import type { OrderView } from '@landunits/domain/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAdminPerson } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { updateMoneySettings } from '../pricing';
import { orders } from './schema';
import { createOrder, getJson, signUp, type TestUser } from './test/fixtures';
import { buyBody, created } from './test/lifecycle';

/**
 * A buy keeps the payment method's fee terms it was priced with (basis points and fixed cents),
 * beside the amounts charged: a later change of the settings does not change what an order says
 * it charged, and the amounts are never passed off as the rate.
 */

let ctx: TestContext;
let ada: TestUser;
let adminId: string;

const withBankFee = async (percentageBasisPoints: number, fixedCents: number) => {
  const settings = structuredClone(DEFAULT_MONEY_SETTINGS) as MoneySettings;
  settings.externalFees.Bank = { fixedPercentageFees: percentageBasisPoints, fixedCentsFees: fixedCents };
  await updateMoneySettings(ctx.database.db, settings, adminId);
};
const details = async (orderId: string) => {
  const res = await getJson(ctx.app, ada.session, `/api/order/get_order_details/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  const payment = (res.json().orderData as OrderView).paymentDetails;
  if (!payment) throw new Error('a buy has payment details');
  return { paymentDetails: payment };
};

beforeAll(async () => {
  ctx = await createTestApp();
  ada = await signUp(ctx.app, 'ada.fee-terms@example.com');
  adminId = (await createAdminPerson(ctx.app, 'OWNER')).id;
});
afterAll(() => ctx.close());

describe('the fee terms of a buy', () => {
  it('are stored with the order as charged and survive a change of the settings', async () => {
    await withBankFee(150, 20);
    onTestFinished(() => withBankFee(0, 0));
    const placed = created(await createOrder(ctx.app, ada.session, buyBody(40)));
    const first = await details(placed.orderId);
    const { subTotal, transactionFee, paymentMethodFees } = first.paymentDetails;
    expect(first.paymentDetails.paymentMethodFeeTerms).toEqual({ percentageBasisPoints: 150, fixedCents: 20 });
    // The amount charged is 1.50 % of the base (rounded half-up), not the rate itself.
    expect(paymentMethodFees.fixedPercentageFees).toBe(Math.round(((subTotal + transactionFee) * 150) / 10_000));
    expect(paymentMethodFees.fixedPercentageFees).not.toBe(150);

    await withBankFee(200, 35);
    expect((await details(placed.orderId)).paymentDetails.paymentMethodFeeTerms).toEqual({ percentageBasisPoints: 150, fixedCents: 20 });
    const later = created(await createOrder(ctx.app, ada.session, buyBody(10)));
    expect((await details(later.orderId)).paymentDetails.paymentMethodFeeTerms).toEqual({ percentageBasisPoints: 200, fixedCents: 35 });
  });

  it('are absent on a buy stored before they were recorded, its amounts unchanged', async () => {
    const placed = created(await createOrder(ctx.app, ada.session, buyBody(5)));
    await ctx.database.db
      .update(orders)
      .set({ paymentDetails: sql`${orders.paymentDetails} - 'paymentMethodFeeTerms'` })
      .where(eq(orders.id, placed.orderId));
    const old = await details(placed.orderId);
    expect(old.paymentDetails.paymentMethodFeeTerms).toBeUndefined();
    expect(old.paymentDetails.paymentMethodFees).toEqual({ fixedPercentageFees: 0, fixedCentsFees: 0 });
  });
});
