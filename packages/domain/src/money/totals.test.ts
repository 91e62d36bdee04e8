import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_SETTINGS } from './settings';
import { priceArb, Q } from './money-arbitraries.test-utils';
import { buyTotal, type ReferenceCodeTerms } from './totals';

const fees = DEFAULT_MONEY_SETTINGS.externalFees;

describe('buyTotal: worked examples', () => {
  it('10 units at 1.146213 GBP by Stripe card with a 10 % code', () => {
    // subTotal  10 × 1.146213 = 11.46213 GBP = 1146.213 cents → 1146
    // discount  1146 × 10 / 100 = 114.6 → 115
    // base      1146 − 115 + 100 = 1131
    // 1.5 %     1131 × 150 / 10000 = 16.965 → 17
    // payment   1131 + 17 + 20 = 1168 (£11.68)
    expect(
      buyTotal({
        units: 10,
        price: '1.146213',
        referenceCode: { codeType: 'DISCOUNT', isPercent: true, amount: 10 },
        buyFeeCents: 100,
        externalFee: fees.Card_Stripe,
      }),
    ).toEqual({
      subTotal: 1146n,
      discount: 115n,
      transactionFee: 100n,
      base: 1131n,
      paymentMethodFees: { fixedPercentageFees: 17n, fixedCentsFees: 20n },
      paymentAmount: 1168n,
      bonusUnits: 0n,
      bonusValue: 0n,
    });
  });

  it('the same as a double-land (LU2X) order: half the price', () => {
    // subTotal 1146.213 / 2 = 573.1065 → 573; discount 57.3 → 57; base 573 − 57 + 100 = 616;
    // 1.5 % of 616 = 9.24 → 9; payment 616 + 9 + 20 = 645
    const total = buyTotal({
      units: 10,
      price: '1.146213',
      isDoubleLand: true,
      referenceCode: { codeType: 'DISCOUNT', isPercent: true, amount: '10' },
      buyFeeCents: 100,
      externalFee: fees.Card_Stripe,
    });
    expect([total.subTotal, total.discount, total.base, total.paymentMethodFees.fixedPercentageFees, total.paymentAmount]).toEqual([573n, 57n, 616n, 9n, 645n]);
  });

  it('a fixed-amount code is capped at the subtotal; bank has no fees', () => {
    // 3 × 1.000198 = 300.0594 cents → 300; a 500-cent code gives 300; base = 0 + 100
    const total = buyTotal({
      units: 3,
      price: '1.000198',
      referenceCode: { codeType: 'DISCOUNT', isPercent: false, amount: 500 },
      buyFeeCents: 100,
      externalFee: fees.Bank,
    });
    expect([total.subTotal, total.discount, total.base, total.paymentAmount]).toEqual([300n, 300n, 100n, 100n]);
  });

  it('Square card without a code', () => {
    // 200 × 1.075 = 21500; base 21600; 1.75 % = 378; + 10 → 21988
    const total = buyTotal({ units: 200, price: '1.075000', buyFeeCents: 100, externalFee: fees.Card_Square });
    expect([total.subTotal, total.discount, total.base, total.paymentMethodFees.fixedPercentageFees, total.paymentAmount]).toEqual([21500n, 0n, 21600n, 378n, 21988n]);
  });

  it('a bonus code gives units and no discount', () => {
    // 7 × 1.155625 = 808.9375 → 809; base 909; crypto 1 % = 9.09 → 9; payment 918;
    // 5 bonus units worth 5 × 1.155625 = 577.8125 → 578 cents, not charged
    const total = buyTotal({
      units: 7,
      price: '1.155625',
      referenceCode: { codeType: 'BONUS', bonusUnits: 5, isPercent: true, amount: 50 },
      buyFeeCents: 100,
      externalFee: fees.Crypto,
    });
    expect(total).toEqual({
      subTotal: 809n,
      discount: 0n,
      transactionFee: 100n,
      base: 909n,
      paymentMethodFees: { fixedPercentageFees: 9n, fixedCentsFees: 0n },
      paymentAmount: 918n,
      bonusUnits: 5n,
      bonusValue: 578n,
    });
  });

  it('rounds exact halves up, at each step', () => {
    // 1 × 0.005 = 0.5 cent → 1
    expect(buyTotal({ units: 1, price: '0.005000', buyFeeCents: 0, externalFee: fees.Bank }).subTotal).toBe(1n);
    // 1 × 0.004999 = 0.4999 cent → 0
    expect(buyTotal({ units: 1, price: '0.004999', buyFeeCents: 0, externalFee: fees.Bank }).subTotal).toBe(0n);
    // base 200 × 1.75 % = 3.5 → 4; payment 200 + 4 + 10
    const square = buyTotal({ units: 1, price: '1.000000', buyFeeCents: 100, externalFee: fees.Card_Square });
    expect([square.base, square.paymentMethodFees.fixedPercentageFees, square.paymentAmount]).toEqual([200n, 4n, 214n]);
    // a 12.5 % code on 1146: 143.25 → 143
    const decimalPercent = buyTotal({
      units: 10,
      price: '1.146213',
      referenceCode: { codeType: 'DISCOUNT', isPercent: true, amount: '12.5' },
      buyFeeCents: 100,
      externalFee: fees.Bank,
    });
    expect(decimalPercent.discount).toBe(143n);
  });

  it('handles sums beyond 2^53 cents exactly', () => {
    const total = buyTotal({ units: 9_007_199_254_740_991n, price: '999999.999999', buyFeeCents: 100, externalFee: fees.Bank });
    expect(total.subTotal).toBe((9_007_199_254_740_991n * 999_999_999_999n + 5_000n) / 10_000n);
  });

  it('refuses floats and negative amounts', () => {
    const base = { units: 1, price: '1.000000', buyFeeCents: 100, externalFee: fees.Bank };
    expect(() => buyTotal({ ...base, units: 1.5 })).toThrow(RangeError);
    expect(() => buyTotal({ ...base, units: -1 })).toThrow(RangeError);
    expect(() => buyTotal({ ...base, price: '1.0000001' })).toThrow(RangeError);
    expect(() => buyTotal({ ...base, referenceCode: { codeType: 'DISCOUNT', isPercent: true, amount: 0.1 } })).toThrow(RangeError);
    expect(() => buyTotal({ ...base, referenceCode: { codeType: 'DISCOUNT', isPercent: false, amount: '1.50' } })).toThrow(RangeError);
  });
});

const codeArb: fc.Arbitrary<ReferenceCodeTerms | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 10_000 }).map((hundredths) => ({
    codeType: 'DISCOUNT' as const,
    isPercent: true,
    amount: `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`,
  })),
  fc.integer({ min: 0, max: 10_000_000 }).map((cents) => ({ codeType: 'DISCOUNT' as const, isPercent: false, amount: cents })),
  fc.integer({ min: 0, max: 1000 }).map((bonusUnits) => ({ codeType: 'BONUS' as const, bonusUnits })),
);
const buyArb = fc.record({
  units: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  price: priceArb,
  isDoubleLand: fc.boolean(),
  referenceCode: codeArb,
  buyFeeCents: fc.integer({ min: 0, max: 1000 }),
  externalFee: fc.record({ fixedPercentageFees: fc.integer({ min: 0, max: 1000 }), fixedCentsFees: fc.integer({ min: 0, max: 1000 }) }),
});

describe('buyTotal: properties', () => {
  it('no figure is ever negative, and paymentAmount ≥ base ≥ subTotal − discount ≥ 0', () => {
    fc.assert(
      fc.property(buyArb, (input) => {
        const t = buyTotal(input);
        for (const value of [t.subTotal, t.discount, t.transactionFee, t.base, t.paymentAmount, t.bonusUnits, t.bonusValue]) {
          expect(value >= 0n).toBe(true);
        }
        expect(t.discount <= t.subTotal).toBe(true);
        expect(t.subTotal - t.discount >= 0n).toBe(true);
        expect(t.base >= t.subTotal - t.discount).toBe(true);
        expect(t.paymentAmount >= t.base).toBe(true);
        expect(t.paymentAmount).toBe(t.base + t.paymentMethodFees.fixedPercentageFees + t.paymentMethodFees.fixedCentsFees);
      }),
    );
  });

  it('rounds once per step: each figure is the half-up rounding of the exact value of its step', () => {
    fc.assert(
      fc.property(buyArb, (input) => {
        const t = buyTotal(input);
        // step 1, exact: units × price × 100 cents (÷ 2 for double land)
        const exactSubTotal = Q.of(input.price)
          .times(input.units)
          .times(100n)
          .div(input.isDoubleLand ? 2n : 1n);
        expect(t.subTotal).toBe(exactSubTotal.roundHalfUp());
        expect(exactSubTotal.minus(t.subTotal).abs().cmp(new Q(1n, 2n))).toBeLessThanOrEqual(0);
        // step 2, from the rounded subtotal
        const code = input.referenceCode;
        let exactDiscount = new Q(0n);
        if (code?.codeType === 'DISCOUNT') {
          exactDiscount = code.isPercent ? new Q(t.subTotal).times(Q.of(String(code.amount))).div(100n) : new Q(BigInt(code.amount as number));
        }
        const expectedDiscount = exactDiscount.cmp(t.subTotal) > 0 ? t.subTotal : exactDiscount.roundHalfUp();
        expect(t.discount).toBe(expectedDiscount);
        // step 3
        expect(t.base).toBe(t.subTotal - t.discount + BigInt(input.buyFeeCents));
        // step 4, from the base
        const exactPercentage = new Q(t.base).times(BigInt(input.externalFee.fixedPercentageFees)).div(10_000n);
        expect(t.paymentMethodFees.fixedPercentageFees).toBe(exactPercentage.roundHalfUp());
        expect(t.paymentMethodFees.fixedCentsFees).toBe(BigInt(input.externalFee.fixedCentsFees));
      }),
    );
  });

  it('stays within 2 cents of the never-rounded formula', () => {
    fc.assert(
      fc.property(buyArb, (input) => {
        const t = buyTotal(input);
        const code = input.referenceCode;
        const subTotal = Q.of(input.price)
          .times(input.units)
          .times(100n)
          .div(input.isDoubleLand ? 2n : 1n);
        let discount = new Q(0n);
        if (code?.codeType === 'DISCOUNT') discount = code.isPercent ? subTotal.times(Q.of(String(code.amount))).div(100n) : new Q(BigInt(code.amount as number));
        if (discount.cmp(subTotal) > 0) discount = subTotal;
        const base = subTotal.minus(discount).plus(BigInt(input.buyFeeCents));
        const exact = base.plus(base.times(BigInt(input.externalFee.fixedPercentageFees)).div(10_000n)).plus(BigInt(input.externalFee.fixedCentsFees));
        expect(exact.minus(t.paymentAmount).abs().cmp(2n)).toBeLessThanOrEqual(0);
      }),
    );
  });
});
