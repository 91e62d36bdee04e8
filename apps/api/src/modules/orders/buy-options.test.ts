import { CARD_MESSAGES, DEFAULT_MONEY_SETTINGS, MAX_CARD_DECLINES, ORDER_MESSAGES, REFERENCE_CODE_MESSAGES } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { mailTo } from '../../test/accounts';
import { referenceCodes } from '../../schema';
import { updateMoneySettings } from '../pricing';
import { savePurchaseLimitOverride } from '../users';
import { runDueOrders } from './index';
import { createOrder, newKey, type TestUser } from './test/fixtures';
import { bucketsOf, cancelOrder, created, decide, holdingCost, ledgerSnapshot, postJson, setVerification, signIn, statusOf, successOrder } from './test/lifecycle';

import { START, clock, ctx, admin, db, who, buy, payCard, useBuyOptionsApp } from './test/buy-options-setup';

/**
 * Buying with every payment method, reference codes, the LU2X offer and the limits at their
 * boundaries (PRODUCT-DECISIONS §2–§4). The figures are worked by hand from today's price.
 *
 * Today is 2026-01-15: one Unit costs 1.077986 in every currency. 100 Units: subtotal
 * 107.7986 → £107.80 (10780 cents), + the £1.00 buy fee = base 10880.
 */
useBuyOptionsApp();

describe('the total of each payment method', () => {
  it.each([
    ['Bank', {}, { subTotal: 10780, discount: 0, transactionFee: 100, fixedPercentageFees: 0, fixedCentsFees: 0, paymentAmount: 10880 }],
    // 1.5 % of 10880 = 163.2 → 163, + 20
    ['Card_Stripe', {}, { subTotal: 10780, discount: 0, transactionFee: 100, fixedPercentageFees: 163, fixedCentsFees: 20, paymentAmount: 11063 }],
    // 1.75 % of 10880 = 190.4 → 190, + 10
    ['Card_Square', {}, { subTotal: 10780, discount: 0, transactionFee: 100, fixedPercentageFees: 190, fixedCentsFees: 10, paymentAmount: 11080 }],
    // 1 % of 10880 = 108.8 → 109
    ['Crypto', { cryptoType: 'ETHER' }, { subTotal: 10780, discount: 0, transactionFee: 100, fixedPercentageFees: 109, fixedCentsFees: 0, paymentAmount: 10989 }],
    // 10 % of 10780 = 1078; base 9802; 1.5 % = 147.03 → 147, + 20
    ['Card_Stripe', { code: 'ten-percent' }, { subTotal: 10780, discount: 1078, transactionFee: 100, fixedPercentageFees: 147, fixedCentsFees: 20, paymentAmount: 9969 }],
    // £5.00 off: base 10380
    ['Bank', { code: 'FIVER' }, { subTotal: 10780, discount: 500, transactionFee: 100, fixedPercentageFees: 0, fixedCentsFees: 0, paymentAmount: 10380 }],
    // a bonus code reduces nothing
    ['Bank', { code: 'BONUS50' }, { subTotal: 10780, discount: 0, transactionFee: 100, fixedPercentageFees: 0, fixedCentsFees: 0, paymentAmount: 10880 }],
    // LU2X: 100 × 1.077986 / 2 = 53.8993 → 5390; base 5490; Square 1.75 % = 96.075 → 96, + 10
    ['Card_Square', { lu2x: true }, { subTotal: 5390, discount: 0, transactionFee: 100, fixedPercentageFees: 96, fixedCentsFees: 10, paymentAmount: 5596 }],
  ] as const)('%s %j', async (method, extra, want) => {
    const res = await createOrder(ctx.app, who('ann').session, buy(100, method, extra));
    const order = created(res);
    const pd = order.paymentDetails as Record<string, unknown>;
    expect({ ...pd, ...(pd.paymentMethodFees as object) }).toMatchObject(want);
    await cancelOrder(ctx.app, who('ann').session, order.orderId);
  });
});

describe('crypto', () => {
  it('needs a coin, shows the wallet, and waits for an admin after "I have sent the payment"', async () => {
    const ben = who('ben');
    const missing = await createOrder(ctx.app, ben.session, buy(10, 'Crypto'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ cryptoType: ORDER_MESSAGES.cryptoKind });
    const wrong = await createOrder(ctx.app, ben.session, buy(10, 'Bank', { cryptoType: 'BITCOIN' }));
    expect(wrong.json().errors).toEqual({ cryptoType: ORDER_MESSAGES.cryptoKindOnlyForCrypto });

    const order = created(await createOrder(ctx.app, ben.session, buy(10, 'Crypto', { cryptoType: 'BITCOIN' })));
    expect(order.buy).toMatchObject({ cryptoType: 'BITCOIN', walletAddress: DEFAULT_MONEY_SETTINGS.adminCryptoWallets.BITCOIN, paymentId: String(order.orderId).slice(-5) });
    const sent = await successOrder(ctx.app, ben.session, order.orderId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().orderSuccessData).toMatchObject({ orderStatus: 'PaymentSent_FromUserCrypto', statusLabel: 'Pending Approval' });
    const queue = await ctx.app.inject({ url: '/api/admin/orders', cookies: { lu_session: admin.session } });
    expect(queue.json().orders.map((o: { orderId: string }) => o.orderId)).toContain(order.orderId);
    await decide(ctx.app, admin.session, String(order.orderId), 'Approved');
    expect(await bucketsOf(db(), ben.id)).toMatchObject({ owned: 10, pendingBuy: 0 });
  });
});

describe('cards in test mode', () => {
  it('4242 4242 4242 4242 completes the buy: InProcess, then Completed with the Units owned', async () => {
    const cat = who('cat');
    const order = created(await createOrder(ctx.app, cat.session, buy(100, 'Card_Stripe')));
    const res = await payCard(cat, String(order.orderId), '4242 4242 4242 4242');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orderSuccessData).toMatchObject({ orderStatus: 'Completed', statusLabel: 'Completed' });
    expect(res.json().orderSuccessData.statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual(['Initiated', 'InProcess', 'Completed']);
    expect(await bucketsOf(db(), cat.id)).toMatchObject({ owned: 100, pendingBuy: 0 });
    // The cost is what was paid, the fees included (the Card_Stripe breakdown above).
    expect(await holdingCost(db(), cat.id)).toBe(11063);
    // Paying again changes nothing.
    const again = await payCard(cat, String(order.orderId), '4242424242424242');
    expect(again.statusCode).toBe(200);
    expect(await bucketsOf(db(), cat.id)).toMatchObject({ owned: 100 });
  });

  it('4000 0000 0000 0002 is declined: 402 with the order open and its Units reserved; the same submission again is the same decline; 4242 then pays the same order', async () => {
    const dan = who('dan');
    const order = created(await createOrder(ctx.app, dan.session, buy(40, 'Card_Square')));
    const orderId = String(order.orderId);
    const key = newKey();
    const declinedCard = { orderId, cardNumber: '4000000000000002', expiry: '12/30', cvc: '123' };
    for (const attempt of [1, 2]) {
      const res = await postJson(ctx.app, dan.session, '/api/order/test_card_payment', declinedCard, key);
      expect(res.statusCode, `attempt ${attempt}`).toBe(402);
      expect(res.json()).toMatchObject({ message: CARD_MESSAGES.declined, orderData: { orderStatus: 'InProcess', buy: { cardDeclines: 1 } } });
    }
    expect(await statusOf(db(), orderId)).toBe('InProcess');
    expect(await bucketsOf(db(), dan.id)).toMatchObject({ pendingBuy: 40, owned: 0 });

    const paid = await payCard(dan, orderId, '4242424242424242');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().orderSuccessData).toMatchObject({ orderStatus: 'Completed', buy: { cardDeclines: 1 } });
    expect(await bucketsOf(db(), dan.id)).toMatchObject({ pendingBuy: 0, owned: 40 });
  });

  it(`the ${MAX_CARD_DECLINES}rd declined card fails the order, releases its Units and emails the person; no card pays it after that`, async () => {
    const dan = who('dan');
    const order = created(await createOrder(ctx.app, dan.session, buy(12, 'Card_Stripe')));
    const orderId = String(order.orderId);
    const statuses: string[] = [];
    const failedMails = async () => (await mailTo(ctx.app, dan.email)).filter((m) => m.subject === 'Your payment for 12 GBP Units did not go through');
    const before = (await failedMails()).length;
    for (let i = 0; i < MAX_CARD_DECLINES; i++) {
      const res = await payCard(dan, orderId, '4000000000000002');
      expect(res.statusCode).toBe(402);
      statuses.push(res.json().orderData.orderStatus);
      // No email while another card can still be tried: the page says so.
      expect(await failedMails()).toHaveLength(before + (i === MAX_CARD_DECLINES - 1 ? 1 : 0));
    }
    expect(statuses).toEqual([...Array<string>(MAX_CARD_DECLINES - 1).fill('InProcess'), 'Failed']);
    expect(await bucketsOf(db(), dan.id)).toMatchObject({ pendingBuy: 0 });
    const after = await payCard(dan, orderId, '4242424242424242');
    expect(after.statusCode).toBe(402);
    expect(await statusOf(db(), orderId)).toBe('Failed');
  });

  it('refuses other numbers, past expiry dates, bank orders and other people’s orders, changing nothing', async () => {
    const eve = who('eve');
    const order = created(await createOrder(ctx.app, eve.session, buy(5, 'Card_Stripe')));
    const before = await ledgerSnapshot(db());
    const other = await payCard(eve, String(order.orderId), '5555 5555 5555 4444');
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.cardNumber).toBe(CARD_MESSAGES.unknownTestCard);
    const expired = await postJson(ctx.app, eve.session, '/api/order/test_card_payment', { orderId: order.orderId, cardNumber: '4242424242424242', expiry: '12/25', cvc: '123' });
    expect(expired.json().errors.expiry).toBe(CARD_MESSAGES.expiry);
    expect((await payCard(who('fin'), String(order.orderId), '4242424242424242')).statusCode).toBe(404);
    const bank = created(await createOrder(ctx.app, eve.session, buy(5, 'Bank')));
    const afterBank = await ledgerSnapshot(db());
    expect((await payCard(eve, String(bank.orderId), '4242424242424242')).statusCode).toBe(409);
    expect(await ledgerSnapshot(db())).toEqual(afterBank);
    expect(before.accounts).toEqual(before.accounts);
    await cancelOrder(ctx.app, eve.session, bank.orderId);
    // A started card payment can still be cancelled: Cancelled, the reservation released.
    const cancelled = await cancelOrder(ctx.app, eve.session, order.orderId);
    expect(cancelled.json().orderCancelledData.orderStatus).toBe('Cancelled');
    expect(await bucketsOf(db(), eve.id)).toMatchObject({ pendingBuy: 0 });
  });

  it('leaves an unpaid card buy to expire after 24 hours', async () => {
    const fin = who('fin');
    const order = created(await createOrder(ctx.app, fin.session, buy(7, 'Card_Stripe')));
    clock.advance(DAY + 1000);
    await runDueOrders(ctx.app.ctx);
    expect(await statusOf(db(), String(order.orderId))).toBe('Expired');
    expect((await payCard(fin, String(order.orderId), '4242424242424242')).statusCode).toBe(409);
    clock.set(START);
  });
});

describe('reference codes', () => {
  it('refuses unknown, expired and out-of-range codes with their reason, changing nothing', async () => {
    const gil = who('gil');
    const before = await ledgerSnapshot(db());
    for (const [code, units, message] of [
      ['NOPE', 100, REFERENCE_CODE_MESSAGES.unknown],
      ['LATE', 100, REFERENCE_CODE_MESSAGES.expired],
      ['BIG-ONLY', 100, REFERENCE_CODE_MESSAGES.belowMin(50_000, 'GBP')],
      ['BIG-ONLY', 900, REFERENCE_CODE_MESSAGES.aboveMax(90_000, 'GBP')],
    ] as const) {
      const res = await createOrder(ctx.app, gil.session, buy(units, 'Bank', { code }));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().errors).toEqual({ referenceCode: message });
    }
    expect(await ledgerSnapshot(db())).toEqual(before);
    // Inside the range (500 Units: subtotal 53899 cents) it applies.
    const inRange = created(await createOrder(ctx.app, gil.session, buy(500, 'Bank', { code: 'big-only' })));
    expect((inRange.buy as { referenceCodeDetails: unknown }).referenceCodeDetails).toMatchObject({ code: 'BIG-ONLY', isPercent: true, amount: '5', discountValue: '5 %' });
    await cancelOrder(ctx.app, gil.session, inRange.orderId);
  });

  it('counts uses: a used-up code is refused, and a cancelled buy gives its use back', async () => {
    const hud = who('hud');
    const first = created(await createOrder(ctx.app, hud.session, buy(10, 'Bank', { code: 'ONCE' })));
    const second = await createOrder(ctx.app, hud.session, buy(10, 'Bank', { code: 'ONCE' }));
    expect(second.json().errors).toEqual({ referenceCode: REFERENCE_CODE_MESSAGES.usedUp });
    await cancelOrder(ctx.app, hud.session, first.orderId);
    created(await createOrder(ctx.app, hud.session, buy(10, 'Bank', { code: 'ONCE' })));
  });

  it('a bonus code reserves its Units with the buy, locks them on approval and frees them after 180 days', async () => {
    const ian = who('ian');
    const order = created(await createOrder(ctx.app, ian.session, buy(100, 'Bank', { code: 'BONUS50' })));
    expect(order.buy).toMatchObject({ bonusUnits: 50, referenceCode: 'BONUS50', bonusUnlockAt: null });
    expect(await bucketsOf(db(), ian.id)).toMatchObject({ pendingBuy: 150 });
    await successOrder(ctx.app, ian.session, order.orderId);
    const approved = await decide(ctx.app, admin.session, String(order.orderId), 'Approved');
    expect((approved.buy as { bonusUnlockAt: string }).bonusUnlockAt).toBe(new Date(START.getTime() + 180 * DAY).toISOString());
    expect(await bucketsOf(db(), ian.id)).toMatchObject({ owned: 100, bonusLocked: 50, pendingBuy: 0 });
    // The cost is what was paid for the 100 Units (£107.80 and the £1 bank fee); the bonus is free.
    expect(await holdingCost(db(), ian.id)).toBe(10880);
    clock.advance(179 * DAY);
    await runDueOrders(ctx.app.ctx);
    expect(await bucketsOf(db(), ian.id)).toMatchObject({ owned: 100, bonusLocked: 50 });
    clock.advance(DAY);
    await runDueOrders(ctx.app.ctx);
    expect(await bucketsOf(db(), ian.id)).toMatchObject({ owned: 150, bonusLocked: 0 });
    clock.set(START);
  });

  it('cannot be combined with the LU2X offer', async () => {
    const res = await createOrder(ctx.app, who('ian').session, buy(10, 'Bank', { code: 'FIVER', lu2x: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ referenceCode: ORDER_MESSAGES.doubleLandNoCodes });
  });
});

describe('the LU2X offer', () => {
  it('holds the Units in owned_DOUBLE_LAND, refuses to sell or transfer them for 6 months, then frees 10 % a month', async () => {
    const jay = who('jay');
    await setVerification(db(), jay.id);
    const order = created(await createOrder(ctx.app, jay.session, buy(100, 'Card_Stripe', { lu2x: true })));
    expect(order.currencyUnit).toMatchObject({ isDoubleLand: true });
    expect((await payCard(jay, String(order.orderId), '4242424242424242')).statusCode).toBe(200);
    expect(await bucketsOf(db(), jay.id)).toMatchObject({ owned: 0, owned_DOUBLE_LAND: 100 });

    const sell = await createOrder(ctx.app, jay.session, { orderType: 'SELL', currencyUnit: { numberOfUnits: 20 } });
    expect(sell.statusCode).toBe(409);
    const message = 'You can sell or transfer up to 0 units now. Your LU2X units unlock over time: 10 more on 01 Aug 2026.';
    expect(sell.json()).toMatchObject({ message, errors: { numberOfUnits: message } });
    const transfer = await createOrder(ctx.app, jay.session, { orderType: 'TRANSFER', currencyUnit: { numberOfUnits: 1 }, transfer: { recipientEmail: 'kit.options@example.com' } });
    expect(transfer.json().message).toBe(message);

    // Bought in January 2026: the first tenth unlocks on 1 August 2026, the rest a tenth a month.
    clock.set(new Date('2026-07-31T23:59:00Z'));
    await runDueOrders(ctx.app.ctx);
    expect(await bucketsOf(db(), jay.id)).toMatchObject({ owned: 0, owned_DOUBLE_LAND: 100 });
    clock.set(new Date('2026-08-01T00:00:01Z'));
    await runDueOrders(ctx.app.ctx);
    expect(await bucketsOf(db(), jay.id)).toMatchObject({ owned: 10, owned_DOUBLE_LAND: 90 });
    jay.session = await signIn(ctx.app, jay.email);
    const sellNow = await createOrder(ctx.app, jay.session, { orderType: 'SELL', currencyUnit: { numberOfUnits: 11 } });
    expect(sellNow.json().message).toBe('You can sell or transfer up to 10 units now. Your LU2X units unlock over time: 10 more on 01 Sep 2026.');
    clock.set(new Date('2027-06-01T00:00:00Z'));
    await runDueOrders(ctx.app.ctx);
    expect(await bucketsOf(db(), jay.id)).toMatchObject({ owned: 100, owned_DOUBLE_LAND: 0 });
    clock.set(START);
  });

  it('stops at the offer’s cap with the SPEC message, and a cancelled LU2X buy gives its Units back', async () => {
    const kit = who('kit');
    await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, doubleLandOfferCapUnits: 300 }, admin.id, clock.now());
    try {
      const [{ sold = '0' } = {}] = await queryRows<{ sold: string }>(db(), sql`select sold_units::text as sold from offer_counters where name = 'LU2X'`);
      const left = 300 - Number(sold);
      const over = await createOrder(ctx.app, kit.session, buy(left + 1, 'Bank', { lu2x: true }));
      expect(over.statusCode).toBe(409);
      expect(over.json().errors).toEqual({ numberOfUnits: `Maximum remaining units in the LU2X offer: ${left}` });
      const all = created(await createOrder(ctx.app, kit.session, buy(left, 'Bank', { lu2x: true })));
      expect((await createOrder(ctx.app, kit.session, buy(1, 'Bank', { lu2x: true }))).json().message).toBe('Maximum remaining units in the LU2X offer: 0');
      await cancelOrder(ctx.app, kit.session, all.orderId);
      created(await createOrder(ctx.app, kit.session, buy(1, 'Bank', { lu2x: true })));
    } finally {
      await updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admin.id, clock.now());
    }
  });
});

describe('limits at their boundary', () => {
  it('the purchase limit: exactly at it passes, one cent over fails', async () => {
    const lee = who('lee');
    // 100 Units by Stripe cost 11063 cents.
    const override = (cents: number | null) => savePurchaseLimitOverride(db(), { userId: lee.id, currency: 'GBP', cents, reason: 'test', setBy: lee.id, at: new Date() });
    await override(11_062);
    const over = await createOrder(ctx.app, lee.session, buy(100, 'Card_Stripe'));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Your current purchase limit is £110.62, This purchase plus any existing unapproved purchases exceed that limit.');
    await override(11_063);
    const at = created(await createOrder(ctx.app, lee.session, buy(100, 'Card_Stripe')));
    expect((at.paymentDetails as { paymentAmount: number }).paymentAmount).toBe(11_063);
    await cancelOrder(ctx.app, lee.session, at.orderId);
    await override(null);
  });
});

describe('update_order_amount', () => {
  const update = (user: TestUser, orderId: unknown, numberOfUnits: unknown) => postJson(ctx.app, user.session, '/api/order/update_order_amount', { orderId, numberOfUnits });

  it('recomputes every figure and the reservation of an Initiated buy, within the limits', async () => {
    const ann = who('ann');
    const order = created(await createOrder(ctx.app, ann.session, buy(100, 'Card_Stripe', { code: 'TEN-PERCENT' })));
    const res = await update(ann, order.orderId, 200);
    expect(res.statusCode, res.body).toBe(200);
    // 200 × 1.077986 = 215.5972 → 21560; 10 % = 2156; base 19504; 1.5 % = 292.56 → 293, + 20
    expect(res.json().orderUpdatedData.paymentDetails).toMatchObject({ subTotal: 21560, discount: 2156, paymentAmount: 19817 });
    expect(res.json().orderUpdatedData.currencyUnit.numberOfUnits).toBe(200);
    expect(await bucketsOf(db(), ann.id)).toMatchObject({ pendingBuy: 200 });
    // 1,100 Units (£1,068.20 after the discount, before card fees) pass the £1,000 limit of an email-verified person.
    const tooMuch = await update(ann, order.orderId, 1100);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors.numberOfUnits).toMatch(/^Your current purchase limit is £1,000.00/);
    expect((await update(ann, order.orderId, 50)).statusCode).toBe(200);
    expect(await bucketsOf(db(), ann.id)).toMatchObject({ pendingBuy: 50 });
    await successOrder(ctx.app, ann.session, order.orderId);
    await cancelOrder(ctx.app, ann.session, order.orderId);
  });

  it('refuses anything but an Initiated buy of one’s own', async () => {
    const ben = who('ben');
    const bank = created(await createOrder(ctx.app, ben.session, buy(10, 'Bank')));
    expect((await update(who('cat'), bank.orderId, 20)).statusCode).toBe(404);
    await successOrder(ctx.app, ben.session, bank.orderId);
    const sent = await update(ben, bank.orderId, 20);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(ORDER_MESSAGES.onlyInitiated);
    expect((await update(ben, bank.orderId, 0)).statusCode).toBe(400);
    await decide(ctx.app, admin.session, String(bank.orderId), 'Failed');
  });
});

it('demands an Idempotency-Key on the new money-moving calls', async () => {
  const res = await postJson(ctx.app, who('ann').session, '/api/order/update_order_amount', { orderId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', numberOfUnits: 1 }, null);
  expect(res.statusCode).toBe(400);
  expect(newKey()).not.toBe(newKey());
});

describe('use limits and the LU2X cap under concurrency', () => {
  it('20 concurrent buys with a 5-use code: exactly 5 succeed, the rest are told it is used up', async () => {
    await db().insert(referenceCodes).values({ code: 'FIVE-USES', codeType: 'DISCOUNT', isPercent: true, amount: '1', maxUses: 5 });
    const names = ['ann', 'ben', 'cat', 'dan', 'eve', 'fin', 'gil', 'hud', 'ian', 'jay'];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createOrder(ctx.app, who(names[i % 10] as string).session, buy(1, 'Bank', { code: 'FIVE-USES' }))));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((r) => r.statusCode !== 201)) expect(r.json().errors).toEqual({ referenceCode: REFERENCE_CODE_MESSAGES.usedUp });
    const [row] = await db().select({ uses: referenceCodes.uses }).from(referenceCodes).where(eq(referenceCodes.code, 'FIVE-USES'));
    expect(row?.uses).toBe(5);
    for (const [i, r] of results.entries()) {
      if (r.statusCode === 201) await cancelOrder(ctx.app, who(names[i % 10] as string).session, r.json().orderCreatedData.orderId);
    }
    const [after] = await db().select({ uses: referenceCodes.uses }).from(referenceCodes).where(eq(referenceCodes.code, 'FIVE-USES'));
    expect(after?.uses).toBe(0);
  });

  it('20 concurrent LU2X buys of 10 Units with 50 left: exactly 5 succeed, none beyond the cap', async () => {
    const [{ sold = '0' } = {}] = await queryRows<{ sold: string }>(db(), sql`select sold_units::text as sold from offer_counters where name = 'LU2X'`);
    await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, doubleLandOfferCapUnits: Number(sold) + 50 }, admin.id, clock.now());
    try {
      const names = ['ann', 'ben', 'cat', 'dan', 'eve', 'fin', 'gil', 'hud', 'ian', 'jay'];
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createOrder(ctx.app, who(names[i % 10] as string).session, buy(10, 'Bank', { lu2x: true }))));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
      const [{ now = '0' } = {}] = await queryRows<{ now: string }>(db(), sql`select sold_units::text as now from offer_counters where name = 'LU2X'`);
      expect(Number(now)).toBe(Number(sold) + 50);
      for (const [i, r] of results.entries()) {
        if (r.statusCode === 201) await cancelOrder(ctx.app, who(names[i % 10] as string).session, r.json().orderCreatedData.orderId);
      }
    } finally {
      await updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admin.id, clock.now());
    }
  });
});
