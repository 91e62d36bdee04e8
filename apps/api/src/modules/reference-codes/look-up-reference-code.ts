import { REFERENCE_CODE_MESSAGES, UNIT_TYPE_INFO, type ReferenceCodeDetails, type UnitType } from '@landunits/domain';
import { MINUTE } from '../../platform/clock';
import type { DbContext } from '../../platform/context';
import type { Limit } from '../../platform/security/rate-limit';
import { codeError, findReferenceCode, problemOf, toReferenceCodeDetails } from './store';

/**
 * Lookups per signed-in person: plenty to type a code or two and fix a typo, far too few to try
 * codes by brute force (30 in 10 minutes is about 4,000 a day against a space of 36^3…36^32).
 */
export const referenceCodeLookupLimit = (userId: string): Limit => ({ key: `reference-code-lookup:user:${userId}`, max: 30, windowMs: 10 * MINUTE });

export interface LookupQuery {
  /** Upper-cased by the schema. */
  code: string;
  subTotal?: number | undefined;
  unitType: UnitType;
}

/**
 * GET /api/referencecode/get_discount_by_reference_code: what a code gives, for the buy form to
 * show before the order is placed. With a subtotal, the code's payment range is checked too. Any
 * reason the code cannot be used is a 400 on `referenceCode` (the same message create_order gives).
 */
export async function lookUpReferenceCode(ctx: DbContext, query: LookupQuery): Promise<{ referenceCodeDetails: ReferenceCodeDetails }> {
  const currency = UNIT_TYPE_INFO[query.unitType].currency;
  const row = await findReferenceCode(ctx.db, query.code);
  const purchase = query.subTotal === undefined ? undefined : { subTotalCents: BigInt(query.subTotal), currency };
  const problem = problemOf(row, ctx.clock.now(), purchase);
  if (problem || !row) throw codeError(problem ?? REFERENCE_CODE_MESSAGES.unknown);
  return { referenceCodeDetails: toReferenceCodeDetails(row, currency) };
}
