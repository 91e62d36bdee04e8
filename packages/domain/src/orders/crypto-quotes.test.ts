import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinAmountFor, coinPriceIn, cryptoQuoteExpiresAt, CryptoQuoteSchema, paymentUri, quoteSecondsLeft, smallestUnitsOf, toCoinPrice } from './crypto-quotes';

describe('coinAmountFor', () => {
  it('divides the payment by the coin price and rounds up to 10^-8 coin', () => {
    // 232.88 / 65000 = 0.003582769…
    expect(coinAmountFor(23_288, '65000.00')).toBe('0.00358277');
    // Exact: 650.00 at 65000.00 is 0.01 coin.
    expect(coinAmountFor(65_000, '65000.00')).toBe('0.01000000');
    // 1 cent at 2500.00 = 0.000004 ETH.
    expect(coinAmountFor(1, '2500.00')).toBe('0.00000400');
    expect(coinAmountFor(0, '2500.00')).toBe('0.00000000');
  });

  it('never quotes less than the order: the amount at the price is at least the payment, and less than one step above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_00 }), fc.integer({ min: 1, max: 10_000_000_00 }), (cents, priceCents) => {
        const price = `${Math.floor(priceCents / 100)}.${String(priceCents % 100).padStart(2, '0')}`;
        const amount = coinAmountFor(cents, price);
        const steps = BigInt(amount.replace('.', ''));
        // steps × 10^-8 × priceCents ≥ cents, and (steps − 1) × 10^-8 × priceCents < cents.
        expect(steps * BigInt(priceCents)).toBeGreaterThanOrEqual(BigInt(cents) * 10n ** 8n);
        expect((steps - 1n) * BigInt(priceCents)).toBeLessThan(BigInt(cents) * 10n ** 8n);
      }),
    );
  });

  it('refuses a zero price and a fractional amount of cents', () => {
    expect(() => coinAmountFor(100, '0.00')).toThrow(RangeError);
    expect(() => coinAmountFor(1.5, '100.00')).toThrow(RangeError);
  });
});

describe('coin prices', () => {
  it('converts a GBP price by the currency rate, to the cent, rounded down', () => {
    expect(coinPriceIn('65000.00', '1')).toBe('65000.00');
    expect(coinPriceIn('65000.00', '1.24')).toBe('80600.00');
    expect(coinPriceIn('2500.55', '1.99')).toBe('4976.09'); // 4976.0945
    // Rounded down, never half-up: 3.99 × 1.5 = 5.985 is 5.98, so the coin amount is the larger one.
    expect(coinPriceIn('3.99', '1.5')).toBe('5.98');
    expect(coinPriceIn('100.00', '1.23456')).toBe('123.45'); // 123.456
  });

  it('writes a provider price with 2 places and refuses 0', () => {
    expect(toCoinPrice('64123.456')).toBe('64123.46');
    expect(toCoinPrice('7')).toBe('7.00');
    expect(() => toCoinPrice('0.001')).toThrow(RangeError);
    expect(() => toCoinPrice('-5')).toThrow(RangeError);
    expect(() => toCoinPrice('1e5')).toThrow(RangeError);
  });
});

describe('paymentUri', () => {
  it('is BIP 21 for Bitcoin and EIP 681 in wei for Ether', () => {
    expect(paymentUri('BITCOIN', 'bc1qexample', '0.00358277')).toBe('bitcoin:bc1qexample?amount=0.00358277');
    expect(paymentUri('ETHER', '0x1a2d000000000000000000000000000000005eed', '0.09315200')).toBe('ethereum:0x1a2d000000000000000000000000000000005eed?value=93152000000000000');
    expect(smallestUnitsOf('BITCOIN', '1.00000001')).toBe('100000001');
  });
});

describe('a quote’s time', () => {
  it('holds for 15 minutes and counts whole seconds down to 0', () => {
    const at = new Date('2026-12-01T10:00:00.000Z');
    const expires = cryptoQuoteExpiresAt(at);
    expect(expires.toISOString()).toBe('2026-12-01T10:15:00.000Z');
    expect(quoteSecondsLeft(expires, at)).toBe(900);
    expect(quoteSecondsLeft(expires.toISOString(), new Date('2026-12-01T10:14:59.500Z'))).toBe(0);
    expect(quoteSecondsLeft(expires, new Date('2026-12-01T10:14:58.900Z'))).toBe(1);
    expect(quoteSecondsLeft(expires, new Date('2026-12-01T10:20:00.000Z'))).toBe(0);
  });

  it('ends at the order’s own deadline when that comes first', () => {
    const at = new Date('2026-12-01T10:00:00.000Z');
    expect(cryptoQuoteExpiresAt(at, new Date('2026-12-01T10:06:00.000Z')).toISOString()).toBe('2026-12-01T10:06:00.000Z');
    expect(cryptoQuoteExpiresAt(at, new Date('2026-12-02T10:00:00.000Z')).toISOString()).toBe('2026-12-01T10:15:00.000Z');
    expect(cryptoQuoteExpiresAt(at, null).toISOString()).toBe('2026-12-01T10:15:00.000Z');
  });

  it('is a shape the API and the page agree on', () => {
    const quote = {
      coin: 'BITCOIN',
      currency: 'GBP',
      paymentAmount: 23_288,
      coinAmount: '0.00358277',
      coinPrice: '65000.00',
      rateSource: 'Land Units',
      rateAt: null,
      quotedAt: '2026-12-01T10:00:00.000Z',
      expiresAt: '2026-12-01T10:15:00.000Z',
    };
    expect(CryptoQuoteSchema.parse(quote)).toEqual(quote);
    expect(CryptoQuoteSchema.safeParse({ ...quote, coinAmount: '0.0035' }).success).toBe(false);
  });
});
