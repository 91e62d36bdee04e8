import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPACT_METRICS, IMPACT_METRIC_KEYS } from '../site/statistics';
import { certificateCodeFromBytes, certificateFigures, impactPercentText, landShareOf, normalizeCertificateCode, reduceRational, yourImpact } from './impact';

// SPEC §9 land values in cents: GBP 8,473,900 × the GBP-based rates.
const LAND = { GBP: 847_390_000n, USD: 1_050_763_600n, EUR: 1_008_394_100n, AUD: 1_686_306_100n };

describe('your impact (SPEC §9: metric × your value today / land value held)', () => {
  it('is the metric times the share of the land a holding is worth', () => {
    // 1,000 GBP Units at 1.077986 are worth £1,077.99.
    const impact = yourImpact({ valueTodayCents: { GBP: 107_799 }, landValueCents: LAND, metrics: DEFAULT_IMPACT_METRICS });
    expect(impact.landShare).toEqual(reduceRational({ num: 107_799n, den: 847_390_000n }));
    // 107,799 / 847,390,000 = 0.000127212… → 0.0127212…% of the land.
    expect(impact.landSharePercent).toBe('0.0127');
    const carbon = impact.metrics.find((m) => m.key === 'carbonSequestration');
    // 30 × 107,799 / 847,390,000 = 0.00381636…
    expect(carbon).toMatchObject({ label: 'Additional CO2 sequestration', metricPercent: '30', yoursPercent: '0.00382' });
    expect(carbon?.yours).toEqual(reduceRational({ num: 30n * 107_799n, den: 847_390_000n }));
    expect(impact.metrics.map((m) => m.key)).toEqual([...IMPACT_METRIC_KEYS]);
  });

  it('adds the shares of holdings in different currencies, never their money', () => {
    const share = landShareOf({ GBP: 100_000, USD: 124_000, AUD: 0 }, LAND);
    expect(share).toEqual(reduceRational({ num: 100_000n * LAND.USD + 124_000n * LAND.GBP, den: LAND.GBP * LAND.USD }));
    expect(landShareOf({}, LAND)).toEqual({ num: 0n, den: 1n });
    expect(() => landShareOf({ EUR: 1 }, { ...LAND, EUR: 0n })).toThrow(/zero/);
    expect(() => landShareOf({ GBP: 1.5 }, LAND)).toThrow();
  });

  it('holds nothing: every share is 0', () => {
    const impact = yourImpact({ valueTodayCents: { GBP: 0 }, landValueCents: LAND, metrics: DEFAULT_IMPACT_METRICS });
    expect(impact.landSharePercent).toBe('0');
    expect(impact.metrics.every((m) => m.yoursPercent === '0')).toBe(true);
  });

  it('writes shares to three significant digits, half-up, with 2 to 12 decimals', () => {
    expect(impactPercentText({ num: 15n, den: 1n })).toBe('15.00');
    expect(impactPercentText({ num: 1n, den: 3n })).toBe('0.333');
    expect(impactPercentText({ num: 2n, den: 3n })).toBe('0.667');
    expect(impactPercentText({ num: 12345n, den: 10n ** 10n })).toBe('0.00000123');
    expect(impactPercentText({ num: 12355n, den: 10n ** 10n })).toBe('0.00000124');
    expect(impactPercentText({ num: 6n, den: 10n ** 13n })).toBe('0.000000000001');
    expect(impactPercentText({ num: 4n, den: 10n ** 13n * 10n })).toBe('< 0.000000000001');
    expect(impactPercentText({ num: 0n, den: 5n })).toBe('0');
  });

  it('agrees with decimal arithmetic for any holdings (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (gbp, eur) => {
        const impact = yourImpact({ valueTodayCents: { GBP: gbp, EUR: eur }, landValueCents: LAND, metrics: DEFAULT_IMPACT_METRICS });
        const D = Decimal.clone({ precision: 80 });
        const share = new D(gbp.toString()).div(LAND.GBP.toString()).plus(new D(eur.toString()).div(LAND.EUR.toString()));
        for (const metric of impact.metrics) {
          const exact = share.times(metric.metricPercent);
          expect(new D(metric.yours.num.toString()).div(metric.yours.den.toString()).minus(exact).abs().lt(new D('1e-60'))).toBe(true);
          if (metric.yoursPercent !== '0' && !metric.yoursPercent.startsWith('<')) {
            const places = metric.yoursPercent.split('.')[1]?.length ?? 0;
            expect(metric.yoursPercent).toBe(exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places));
          }
        }
      }),
    );
  });

  it('states the figures of a certificate without anything personal', () => {
    const figures = certificateFigures('2026-03-01', { valueTodayCents: { GBP: 107_799, USD: 0 }, landValueCents: LAND, metrics: DEFAULT_IMPACT_METRICS });
    expect(figures.asOf).toBe('2026-03-01');
    expect(figures.holdings).toEqual([{ currency: 'GBP', valueTodayCents: 107_799, landValueCents: 847_390_000, landSharePercent: '0.0127' }]);
    expect(figures.metrics[0]).toEqual({ key: 'carbonSequestration', label: 'Additional CO2 sequestration', metricPercent: '30', yoursPercent: '0.00382' });
  });
});

describe('certificate codes', () => {
  it('writes 80 bits as four groups of Crockford base32 after LUIC', () => {
    expect(certificateCodeFromBytes(new Uint8Array(10))).toBe('LUIC-0000-0000-0000-0000');
    expect(certificateCodeFromBytes(new Uint8Array(10).fill(255))).toBe('LUIC-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(() => certificateCodeFromBytes(new Uint8Array(9))).toThrow();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), (bytes) => {
        const code = certificateCodeFromBytes(bytes);
        expect(code).toMatch(/^LUIC(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
        expect(normalizeCertificateCode(code)).toBe(code);
        expect(normalizeCertificateCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
      }),
    );
  });

  it('reads a code as people type it, and refuses what cannot be one', () => {
    expect(normalizeCertificateCode('luic-7k3q-m2xa-9rtd-0bve')).toBe('LUIC-7K3Q-M2XA-9RTD-0BVE');
    expect(normalizeCertificateCode('7K3QM2XA9RTDOBVE')).toBe('LUIC-7K3Q-M2XA-9RTD-0BVE');
    expect(normalizeCertificateCode('LUIC-7K3Q-M2XA-9RTD-OBVI')).toBe('LUIC-7K3Q-M2XA-9RTD-0BV1');
    for (const bad of ['', 'LUIC', 'LUIC-7K3Q-M2XA-9RTD', 'LUIC-7K3Q-M2XA-9RTD-0BVU', '<script>', 'x'.repeat(100), 'LUIC-7K3Q-M2XA-9RTD-0BVE-0000']) {
      expect(normalizeCertificateCode(bad)).toBeNull();
    }
  });
});
