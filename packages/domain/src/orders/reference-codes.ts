import { z } from 'zod';
import { formatMoney, type Currency } from '../format/format';
import { ReferenceCodeSchema } from './requests';

/**
 * Reference codes (SPEC §3 "reference code details", PRODUCT-DECISIONS §4): a DISCOUNT (a percent
 * of the subtotal or an amount in cents) or a BONUS (extra Units, locked after the buy is
 * approved), with an optional payment range, validity dates and a use limit. The lookup, the order
 * and the admin screens use these messages and schemas.
 */

export const REFERENCE_CODE_TYPES = ['DISCOUNT', 'BONUS'] as const;
export type ReferenceCodeType = (typeof REFERENCE_CODE_TYPES)[number];

/** The details of a code as the lookup and the order show them (SPEC §3). */
export interface ReferenceCodeDetails {
  code: string;
  codeType: ReferenceCodeType;
  isPercent: boolean;
  /** DISCOUNT: the percent (a decimal string, '12.5') or the amount in cents (a whole-number string). '0' for BONUS. */
  amount: string;
  /** What the discount is, as shown: '12.5 %' or '£5.00' (in the order's currency); '' for BONUS. */
  discountValue: string;
  bonusUnits: number;
  minPaymentAmountInCents: number | null;
  maxPaymentAmountInCents: number | null;
  validUntil: string | null;
}

export const REFERENCE_CODE_MESSAGES = {
  unknown: 'This code does not exist.',
  notYetValid: 'This code is not valid yet.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  disabled: 'This code is no longer available.',
  belowMin: (minCents: number | bigint, currency: Currency) => `This code applies to purchases of at least ${formatMoney(minCents, currency)}.`,
  aboveMax: (maxCents: number | bigint, currency: Currency) => `This code applies to purchases of up to ${formatMoney(maxCents, currency)}.`,
  percentRange: 'A percent discount is more than 0 and at most 100.',
  amountRange: 'A discount amount is a whole number of cents, at least 1.',
  bonusRange: 'Bonus Units are a whole number, at least 1.',
  rangeOrder: 'The minimum must not be above the maximum.',
  validOrder: 'The end date must be after the start date.',
  codeTaken: 'A code with this name already exists.',
  maxUses: 'The use limit is a whole number, at least 1.',
} as const;

export interface CodeTermsForCheck {
  minPaymentAmountInCents: number | null;
  maxPaymentAmountInCents: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
  disabled: boolean;
}

/**
 * Why a code cannot be used now for a purchase whose subtotal is `subTotalCents` (omit it to check
 * only dates, uses and status), or null. The payment range is checked against the subtotal, units ×
 * price before any discount and fees, so the code's own discount cannot push a purchase out of it.
 */
export function referenceCodeProblem(terms: CodeTermsForCheck, now: Date, purchase?: { subTotalCents: number | bigint; currency: Currency }): string | null {
  const M = REFERENCE_CODE_MESSAGES;
  if (terms.disabled) return M.disabled;
  if (terms.validFrom && now < terms.validFrom) return M.notYetValid;
  if (terms.validUntil && now >= terms.validUntil) return M.expired;
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return M.usedUp;
  if (purchase) {
    const amount = BigInt(purchase.subTotalCents);
    if (terms.minPaymentAmountInCents !== null && amount < BigInt(terms.minPaymentAmountInCents)) return M.belowMin(terms.minPaymentAmountInCents, purchase.currency);
    if (terms.maxPaymentAmountInCents !== null && amount > BigInt(terms.maxPaymentAmountInCents)) return M.aboveMax(terms.maxPaymentAmountInCents, purchase.currency);
  }
  return null;
}

const optionalCents = () => z.number({ message: 'Invalid numeric value' }).int('Invalid numeric value').min(0, 'Invalid numeric value').max(Number.MAX_SAFE_INTEGER).nullable().default(null);
const INSTANT_MESSAGE = 'Use a date and time such as 2026-01-31T00:00:00Z.';
const optionalInstant = () => z.iso.datetime({ offset: true, message: INSTANT_MESSAGE }).max(40, INSTANT_MESSAGE).nullable().default(null);

const createReferenceCode = () =>
  z
    .strictObject({
      code: ReferenceCodeSchema,
      codeType: z.enum(REFERENCE_CODE_TYPES, { message: 'Choose DISCOUNT or BONUS.' }),
      isPercent: z.boolean().default(false),
      /** DISCOUNT: a percent ('12.5') or cents ('500'). */
      amount: z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Invalid numeric value')
        .default('0'),
      bonusUnits: z.number().int(REFERENCE_CODE_MESSAGES.bonusRange).min(0, REFERENCE_CODE_MESSAGES.bonusRange).max(1_000_000_000, REFERENCE_CODE_MESSAGES.bonusRange).default(0),
      minPaymentAmountInCents: optionalCents(),
      maxPaymentAmountInCents: optionalCents(),
      validFrom: optionalInstant(),
      validUntil: optionalInstant(),
      maxUses: z.number().int(REFERENCE_CODE_MESSAGES.maxUses).min(1, REFERENCE_CODE_MESSAGES.maxUses).max(1_000_000_000, REFERENCE_CODE_MESSAGES.maxUses).nullable().default(null),
    })
    .superRefine((c, ctx) => {
      if (c.codeType === 'DISCOUNT') {
        if (c.isPercent) {
          const percent = Number(c.amount);
          if (!(percent > 0 && percent <= 100)) ctx.addIssue({ code: 'custom', path: ['amount'], message: REFERENCE_CODE_MESSAGES.percentRange });
        } else if (!/^\d+$/.test(c.amount) || BigInt(c.amount) < 1n) {
          ctx.addIssue({ code: 'custom', path: ['amount'], message: REFERENCE_CODE_MESSAGES.amountRange });
        }
      } else if (c.bonusUnits < 1) {
        ctx.addIssue({ code: 'custom', path: ['bonusUnits'], message: REFERENCE_CODE_MESSAGES.bonusRange });
      }
      if (c.minPaymentAmountInCents !== null && c.maxPaymentAmountInCents !== null && c.minPaymentAmountInCents > c.maxPaymentAmountInCents) {
        ctx.addIssue({ code: 'custom', path: ['maxPaymentAmountInCents'], message: REFERENCE_CODE_MESSAGES.rangeOrder });
      }
      if (c.validFrom && c.validUntil && Date.parse(c.validFrom) >= Date.parse(c.validUntil)) {
        ctx.addIssue({ code: 'custom', path: ['validUntil'], message: REFERENCE_CODE_MESSAGES.validOrder });
      }
    });

/** POST /api/admin/reference-codes. */
export const CreateReferenceCodeSchema = /* @__PURE__ */ createReferenceCode();
export type CreateReferenceCode = z.output<typeof CreateReferenceCodeSchema>;

const lookupQuery = () =>
  z.object({
    code: ReferenceCodeSchema,
    /** Optional: the purchase's subtotal in cents and unit type, to check the code's payment range too. */
    subTotal: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    unitType: z.enum(['LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD']).default('LAND_POUND'),
  });

/** GET /api/referencecode/get_discount_by_reference_code?code=…[&subTotal=…&unitType=…]. */
export const ReferenceCodeLookupQuerySchema = /* @__PURE__ */ lookupQuery();
