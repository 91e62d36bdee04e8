import { DEFAULT_MONEY_SETTINGS } from '@landunits/domain';
import { describe, expect, it } from 'vitest';
import { updateMoneySettings } from '../pricing';
import { createOrder } from './test/fixtures';
import { bucketsOf, buyBody, cancelOrder, decide, ledgerSnapshot, outstanding, setVerification, successOrder } from './test/lifecycle';

import { clock, ctx, admin, db, who, LIMIT_MESSAGE, buy, useBuyBankApp } from './test/buy-bank-setup';

// The purchase limit and the supply cap of bank buys (the rest of the bank-buy tests: buy-bank.test.ts).
useBuyBankApp();

describe('purchase limit (email-verified: £1,000.00 per currency)', () => {
  it('refuses one buy over the limit with the SPEC message, on the units field too', async () => {
    const eli = who('eli');
    const before = await ledgerSnapshot(db());
    // 927 × 1.077986 = 999.29… → £999.29 + £1.00 fee = £1,000.29.
    const res = await createOrder(ctx.app, eli.session, buyBody(927));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: LIMIT_MESSAGE, code: 'LIMIT_EXCEEDED', errors: { numberOfUnits: LIMIT_MESSAGE } });
    expect(await ledgerSnapshot(db())).toEqual(before);
    // 926 → £998.22 + £1.00 = £999.22: within the limit.
    expect((await buy(eli, 926)).paymentDetails).toMatchObject({ paymentAmount: 99922 });
  });

  it('counts every unapproved buy: two that together exceed the limit, the second is refused', async () => {
    const fay = who('fay');
    expect((await buy(fay, 500)).paymentDetails).toMatchObject({ paymentAmount: 53999 });
    // 430 → £463.53 + £1 = £464.53; with £539.99 unapproved: £1,004.52.
    const res = await createOrder(ctx.app, fay.session, buyBody(430));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LIMIT_MESSAGE);
    // 420 → £452.75 + £1 = £453.75; £993.74 in all.
    const fits = await buy(fay, 420);
    expect(fits.paymentDetails).toMatchObject({ paymentAmount: 45375 });

    // Another currency has its own limit.
    expect((await buy(fay, 500, 'LAND_USD')).paymentDetails).toMatchObject({ currency: 'USD', paymentAmount: 53999 });

    // A cancelled buy no longer counts…
    expect((await cancelOrder(ctx.app, fay.session, fits.orderId)).statusCode).toBe(200);
    const paid = await buy(fay, 420);
    // …nor does an approved one (even while PaymentSent it still does).
    expect((await successOrder(ctx.app, fay.session, paid.orderId)).statusCode).toBe(200);
    expect((await createOrder(ctx.app, fay.session, buyBody(100))).statusCode).toBe(409);
    await decide(ctx.app, admin.session, paid.orderId, 'Approved');
    expect((await buy(fay, 100)).orderStatus).toBe('Initiated');
  });

  it('lets two concurrent buys that together exceed the limit through one at a time: one 201, one 409', async () => {
    const ivy = who('ivy');
    const answers = await Promise.all([createOrder(ctx.app, ivy.session, buyBody(500)), createOrder(ctx.app, ivy.session, buyBody(500))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(LIMIT_MESSAGE);
    expect(await bucketsOf(db(), ivy.id)).toMatchObject({ pendingBuy: 500 });
  });

  it('gives a profile-Approved person £100,000.00', async () => {
    const jo = who('jo');
    expect((await createOrder(ctx.app, jo.session, buyBody(1000))).statusCode).toBe(409);
    await setVerification(db(), jo.id, 'Approved', 'UnVerified');
    expect((await buy(jo, 1000)).paymentDetails).toMatchObject({ paymentAmount: 107899 });
  });
});

describe('supply cap', () => {
  it('answers "You can only buy up to N units" with what is left under the cap', async () => {
    const kim = who('kim');
    await setVerification(db(), kim.id, 'Approved', 'UnVerified');
    // A land value that caps LAND_POUND at what is outstanding now plus 150:
    // floor(landValue × 84.74 % / 1.077986) = cap.
    const cap = BigInt((await outstanding(db())) + 150);
    const landValue = (cap * 1_077_986n + 8473n) / 8474n;
    expect((landValue * 8474n) / 1_077_986n).toBe(cap);
    await updateMoneySettings(db(), { ...DEFAULT_MONEY_SETTINGS, landValueGbpInCents: Number(landValue) }, admin.id, clock.now());
    try {
      const first = await buy(kim, 100);
      const before = await ledgerSnapshot(db());
      const res = await createOrder(ctx.app, kim.session, buyBody(60));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'You can only buy up to 50 units', code: 'LIMIT_EXCEEDED', errors: { numberOfUnits: 'You can only buy up to 50 units' } });
      expect(await ledgerSnapshot(db())).toEqual(before);
      const last = await buy(kim, 50);
      expect((await createOrder(ctx.app, kim.session, buyBody(1))).json().message).toBe('You can only buy up to 0 units');

      // A cancelled reservation frees its Units for the next buyer.
      expect((await cancelOrder(ctx.app, kim.session, first.orderId)).statusCode).toBe(200);
      expect((await createOrder(ctx.app, kim.session, buyBody(101))).json().message).toBe('You can only buy up to 100 units');
      expect((await cancelOrder(ctx.app, kim.session, last.orderId)).statusCode).toBe(200);
    } finally {
      await updateMoneySettings(db(), DEFAULT_MONEY_SETTINGS, admin.id, clock.now());
    }
  });
});
