import fc from 'fast-check';

/** Exact rationals and prices for the money property tests (totals.test.ts, conversions.test.ts). */

/** Exact fractions of bigints, for an independent reference. */
export class Q {
  constructor(
    readonly n: bigint,
    readonly d: bigint = 1n,
  ) {}
  static of(text: string): Q {
    const [whole = '0', fraction = ''] = text.split('.');
    return new Q(BigInt(whole + fraction), 10n ** BigInt(fraction.length));
  }
  times(o: Q | bigint): Q {
    const q = typeof o === 'bigint' ? new Q(o) : o;
    return new Q(this.n * q.n, this.d * q.d);
  }
  div(o: Q | bigint): Q {
    const q = typeof o === 'bigint' ? new Q(o) : o;
    return new Q(this.n * q.d, this.d * q.n);
  }
  plus(o: Q | bigint): Q {
    const q = typeof o === 'bigint' ? new Q(o) : o;
    return new Q(this.n * q.d + q.n * this.d, this.d * q.d);
  }
  minus(o: Q | bigint): Q {
    const q = typeof o === 'bigint' ? new Q(o) : o;
    return this.plus(new Q(-q.n, q.d));
  }
  /** floor(x + 1/2) for x ≥ 0 */
  roundHalfUp(): bigint {
    return (this.n * 2n + this.d) / (this.d * 2n);
  }
  /** compare with a bigint: −1, 0, 1 */
  cmp(o: Q | bigint): number {
    const q = typeof o === 'bigint' ? new Q(o) : o;
    const left = this.n * q.d;
    const right = q.n * this.d;
    return left < right ? -1 : left > right ? 1 : 0;
  }
  abs(): Q {
    return new Q(this.n < 0n ? -this.n : this.n, this.d);
  }
}

export const priceArb = fc.bigInt({ min: 1n, max: 10n ** 9n }).map((micros) => {
  const s = micros.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
});
