import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOrderIdFactory, ORDER_ID_PATTERN } from './order-ids';

describe('order ids', () => {
  it('are 26-character ULIDs whose first 10 characters encode the time', () => {
    // The time part of the ULID specification's example.
    const id = createOrderIdFactory(() => 0n)(1469918176385);
    expect(id).toMatch(ORDER_ID_PATTERN);
    expect(id).toBe('01ARYZ6S410000000000000000');
  });

  it('sort by creation, also within one millisecond and when the clock steps back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 48 - 1 }), { minLength: 1, maxLength: 200 }), (times) => {
        const next = createOrderIdFactory();
        const ids = times.map((t) => next(t));
        for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
        for (const id of ids) expect(id).toMatch(ORDER_ID_PATTERN);
      }),
    );
  });

  it('keep order when the random part of a millisecond runs out', () => {
    const next = createOrderIdFactory(() => (1n << 80n) - 1n);
    const a = next(1000);
    const b = next(1000);
    expect(b > a).toBe(true);
    expect(a.slice(10)).toBe('ZZZZZZZZZZZZZZZZ');
  });

  it('refuse a time a ULID cannot hold', () => {
    expect(() => createOrderIdFactory()(-1)).toThrow(RangeError);
    expect(() => createOrderIdFactory()(2 ** 48)).toThrow(RangeError);
  });
});
