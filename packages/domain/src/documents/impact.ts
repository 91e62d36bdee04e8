import { z } from 'zod';
import type { Currency } from '../format/format';
import { CURRENCIES } from '../money/unit-types';
import { parseDecimal, rationalToDecimal, toWhole, type Rational } from '../money/decimal';
import type { ImpactMetrics } from '../site/site-api';
import { IMPACT_METRIC_KEYS, IMPACT_METRIC_LABELS } from '../site/statistics';

/**
 * "Your impact" (SPEC §9: Impact 'your' values = metric × your value today / land value held),
 * one pure function for the dashboard, the direct impact certificate and its verification page.
 *
 * Every currency's Units are a claim on the same land, valued in that currency (land value per
 * currency = GBP land value × the GBP-based rate). A holding's share of the land is its value
 * today over the land value in its own currency; a person's share is the sum of their holdings'
 * shares. Money of different currencies is never added: only these shares, which have no
 * currency, are. Everything is exact (bigint fractions); figures are rounded once, for display.
 */

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** a/b in lowest terms (a ≥ 0, b > 0). */
export function reduceRational(value: Rational): Rational {
  if (value.num === 0n) return { num: 0n, den: 1n };
  const d = gcd(value.num, value.den);
  return { num: value.num / d, den: value.den / d };
}

const add = (a: Rational, b: Rational): Rational => reduceRational({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
const mul = (a: Rational, b: Rational): Rational => reduceRational({ num: a.num * b.num, den: a.den * b.den });

export interface ImpactInput {
  /** Each currency's holding valued today, in integer cents (the holdings' total_value_today). */
  valueTodayCents: Readonly<Partial<Record<Currency, number | bigint>>>;
  /** The land value held, in cents of each currency (`landValueInCents`; the statistics' land values). */
  landValueCents: Readonly<Record<Currency, number | bigint>>;
  /** The impact metrics in force, percent strings (the statistics' impact). */
  metrics: ImpactMetrics;
}

export interface ImpactShare {
  key: keyof ImpactMetrics;
  label: string;
  /** The metric of the land, in percent, as the statistics page shows it ("30"). */
  metricPercent: string;
  /** Your share of it, in percent (`impactPercentText`). */
  yoursPercent: string;
  /** Your share of it, exact, as a fraction of a percent point: metric × your share of the land. */
  yours: Rational;
}

export interface YourImpact {
  /** Your share of the land, exact: Σ value today / land value, over the currencies you hold. */
  landShare: Rational;
  /** The same in percent (`impactPercentText`). */
  landSharePercent: string;
  /** One entry per metric, in the statistics' order. */
  metrics: ImpactShare[];
}

/** Σ over currencies of value today / land value held in that currency, in lowest terms. */
export function landShareOf(valueTodayCents: ImpactInput['valueTodayCents'], landValueCents: ImpactInput['landValueCents']): Rational {
  let share: Rational = { num: 0n, den: 1n };
  for (const currency of CURRENCIES) {
    const value = toWhole(valueTodayCents[currency] ?? 0, `value today in ${currency}`);
    if (value === 0n) continue;
    const land = toWhole(landValueCents[currency], `land value in ${currency}`);
    if (land === 0n) throw new RangeError(`The land value in ${currency} is zero: no share of it can be computed`);
    share = add(share, { num: value, den: land });
  }
  return share;
}

/** The largest number of decimals a share in percent is written with. */
export const IMPACT_PERCENT_MAX_PLACES = 12;

/**
 * A percent (an exact fraction) written to three significant digits, half-up, with at least 2 and
 * at most 12 decimals: 15 → '15.00', 0.003541… → '0.00354', 0.00000123… → '0.00000123'. Zero is
 * '0'; a positive share too small for 12 decimals is '< 0.000000000001'.
 */
export function impactPercentText(percent: Rational): string {
  if (percent.num === 0n) return '0';
  for (let places = 2; places <= IMPACT_PERCENT_MAX_PLACES; places += 1) {
    const scaled = (2n * percent.num * 10n ** BigInt(places) + percent.den) / (2n * percent.den);
    if (scaled >= 100n || places === IMPACT_PERCENT_MAX_PLACES) {
      if (scaled === 0n) return `< ${rationalToDecimal({ num: 1n, den: 10n ** BigInt(places) }, places)}`;
      return rationalToDecimal(percent, places);
    }
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

/**
 * Your share of each impact metric: metric × your value today / land value held (SPEC §9), with
 * the value today and land value summed as shares over the currencies you hold (see above).
 */
export function yourImpact(input: ImpactInput): YourImpact {
  const landShare = landShareOf(input.valueTodayCents, input.landValueCents);
  return {
    landShare,
    landSharePercent: impactPercentText(mul(landShare, { num: 100n, den: 1n })),
    metrics: IMPACT_METRIC_KEYS.map((key) => {
      const metric = parseDecimal(input.metrics[key], key);
      const yours = mul(metric, landShare);
      return { key, label: IMPACT_METRIC_LABELS[key], metricPercent: input.metrics[key], yoursPercent: impactPercentText(yours), yours };
    }),
  };
}

/*
 * Certificate codes: 80 random bits written as 16 Crockford base32 characters in four groups after
 * a fixed prefix, e.g. LUIC-7K3Q-M2XA-9RTD-0BVE. Crockford's alphabet leaves out I, L, O and U, so
 * a code read aloud or typed from paper is unambiguous; typing O for 0 or I/L for 1, lower case,
 * spaces or no dashes still finds the certificate.
 */

export const CERTIFICATE_CODE_PREFIX = 'LUIC';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Bytes of randomness in a code (80 bits). */
export const CERTIFICATE_CODE_BYTES = 10;
const CODE_PATTERN = /^LUIC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The code of 10 random bytes (80 bits → 16 base32 characters). */
export function certificateCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== CERTIFICATE_CODE_BYTES) throw new RangeError(`A certificate code takes ${CERTIFICATE_CODE_BYTES} bytes`);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let chars = '';
  for (let i = 15; i >= 0; i -= 1) chars += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${CERTIFICATE_CODE_PREFIX}-${chars.match(/.{4}/g)?.join('-') ?? ''}`;
}

/**
 * A code as someone typed it → its canonical form, or null when it cannot be a code: case,
 * spaces and dashes are ignored, O reads as 0, I and L as 1; the prefix may be left out.
 */
export function normalizeCertificateCode(input: string): string | null {
  if (input.length > 64) return null;
  let text = input.toUpperCase().replace(/[\s-]/g, '');
  if (text.startsWith(CERTIFICATE_CODE_PREFIX)) text = text.slice(CERTIFICATE_CODE_PREFIX.length);
  text = text.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{16}$/.test(text)) return null;
  const code = `${CERTIFICATE_CODE_PREFIX}-${text.match(/.{4}/g)?.join('-') ?? ''}`;
  return CODE_PATTERN.test(code) ? code : null;
}

/** The address that verifies a certificate. */
export const certificateVerifyPath = (code: string): string => `/verify/${encodeURIComponent(code)}`;

const cents = z.number().int().min(0);
const percentText = () => z.string().max(32);

/**
 * What a certificate states, as stored with it and shown by its verification page: no name, no
 * email, nothing that identifies the person; the figures as they were on the day it was issued.
 */
export const CertificateFiguresSchema = /* @__PURE__ */ z.object({
  /** The UTC day the figures are for. */
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Per currency held: the value today and the land value held, in cents of that currency, and the share of the land it makes. */
  holdings: z.array(z.object({ currency: z.enum(CURRENCIES), valueTodayCents: cents, landValueCents: cents, landSharePercent: percentText() })).max(CURRENCIES.length),
  landSharePercent: percentText(),
  metrics: z.array(z.object({ key: z.enum(IMPACT_METRIC_KEYS), label: z.string().max(100), metricPercent: percentText(), yoursPercent: percentText() })).max(IMPACT_METRIC_KEYS.length),
});
export type CertificateFigures = z.output<typeof CertificateFiguresSchema>;

/** The figures a certificate states, from `yourImpact`'s input (holdings with no value left out). */
export function certificateFigures(asOf: string, input: ImpactInput): CertificateFigures {
  const impact = yourImpact(input);
  return {
    asOf,
    holdings: CURRENCIES.flatMap((currency) => {
      const value = toWhole(input.valueTodayCents[currency] ?? 0, 'value today');
      if (value === 0n) return [];
      const land = toWhole(input.landValueCents[currency], 'land value');
      const share = landShareOf({ [currency]: value }, input.landValueCents);
      return [{ currency, valueTodayCents: Number(value), landValueCents: Number(land), landSharePercent: impactPercentText(mul(share, { num: 100n, den: 1n })) }];
    }),
    landSharePercent: impact.landSharePercent,
    metrics: impact.metrics.map(({ key, label, metricPercent, yoursPercent }) => ({ key, label, metricPercent, yoursPercent })),
  };
}

export const IMPACT_MESSAGES = {
  noUnits: 'Your impact appears here once you hold Units: each Unit you own carries its share of what the land achieves.',
  notFound: 'No certificate has this code. Check the code on the certificate, letter by letter.',
} as const;
