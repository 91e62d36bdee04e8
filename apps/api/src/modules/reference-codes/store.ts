import { formatMoney, referenceCodeProblem, REFERENCE_CODE_MESSAGES, type Currency, type ReferenceCodeDetails, type ReferenceCodeTerms } from '@landunits/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { referenceCodes } from './schema';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';

/**
 * Reference codes as the orders use them: look one up, take a use when a buy is placed (a guarded
 * update, so a use limit holds under concurrency), give it back when the buy is cancelled, expires
 * or fails. The lookup route is in routes.ts, the admin routes in admin-routes.ts.
 */

export type ReferenceCodeRow = typeof referenceCodes.$inferSelect;

/** A 400 on the form's referenceCode field. */
export const codeError = (message: string) => new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { referenceCode: message });

export async function findReferenceCode(db: Db, code: string): Promise<ReferenceCodeRow | null> {
  const [row] = await db.select().from(referenceCodes).where(eq(referenceCodes.code, code.toUpperCase()));
  return row ?? null;
}

/** The terms the buy total needs (domain `buyTotal`). */
export function termsOf(row: ReferenceCodeRow): ReferenceCodeTerms {
  return row.codeType === 'DISCOUNT' ? { codeType: 'DISCOUNT', isPercent: row.isPercent, amount: row.amount } : { codeType: 'BONUS', bonusUnits: row.bonusUnits };
}

/** The SPEC's reference code details, with the discount written out in `currency`. */
export function toReferenceCodeDetails(row: ReferenceCodeRow, currency: Currency): ReferenceCodeDetails {
  const discountValue = row.codeType !== 'DISCOUNT' ? '' : row.isPercent ? `${row.amount} %` : formatMoney(BigInt(row.amount), currency);
  return {
    code: row.code,
    codeType: row.codeType,
    isPercent: row.isPercent,
    amount: row.codeType === 'DISCOUNT' ? row.amount : '0',
    discountValue,
    bonusUnits: row.codeType === 'BONUS' ? row.bonusUnits : 0,
    minPaymentAmountInCents: row.minPaymentAmountCents,
    maxPaymentAmountInCents: row.maxPaymentAmountCents,
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
  };
}

export function problemOf(row: ReferenceCodeRow | null, now: Date, purchase?: { subTotalCents: bigint; currency: Currency }): string | null {
  if (!row) return REFERENCE_CODE_MESSAGES.unknown;
  return referenceCodeProblem(
    {
      minPaymentAmountInCents: row.minPaymentAmountCents,
      maxPaymentAmountInCents: row.maxPaymentAmountCents,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      maxUses: row.maxUses,
      uses: row.uses,
      disabled: row.disabledAt !== null,
    },
    now,
    purchase,
  );
}

/**
 * Checks the code for this purchase and takes one use of it, in the buy's transaction. Throws a
 * 400 on `referenceCode` with the reason when it cannot be used (unknown, not yet valid, expired,
 * disabled, used up, outside its payment range).
 */
export async function takeCodeUse(tx: Db, code: string, now: Date, purchase: { subTotalCents: bigint; currency: Currency }): Promise<ReferenceCodeRow> {
  const row = await findReferenceCode(tx, code);
  const problem = problemOf(row, now, purchase);
  if (problem || !row) throw codeError(problem ?? REFERENCE_CODE_MESSAGES.unknown);
  const [taken] = await tx
    .update(referenceCodes)
    .set({ uses: sql`${referenceCodes.uses} + 1` })
    .where(and(eq(referenceCodes.id, row.id), isNull(referenceCodes.disabledAt), or(isNull(referenceCodes.maxUses), sql`${referenceCodes.uses} < ${referenceCodes.maxUses}`)))
    .returning();
  if (!taken) throw codeError(REFERENCE_CODE_MESSAGES.usedUp);
  return taken;
}

/** A buy that held a use of this code will not happen: the use is given back. */
export async function giveBackCodeUse(tx: Db, codeId: string): Promise<void> {
  await tx
    .update(referenceCodes)
    .set({ uses: sql`greatest(${referenceCodes.uses} - 1, 0)` })
    .where(eq(referenceCodes.id, codeId));
}

/* ---------------- the admin side ---------------- */

/**
 * The admin side of reference codes (docs/api/payments.md): list, create, disable. A code is never
 * deleted or edited: orders keep the terms they were placed with, so a mistake is corrected by
 * disabling the code and creating another.
 */

export type AdminReferenceCode = ReferenceCodeDetails & {
  id: string;
  validFrom: string | null;
  maxUses: number | null;
  uses: number;
  disabledAt: string | null;
  createdAt: string;
};

/**
 * A code as the admin list shows it. A fixed discount has no currency of its own (it applies in
 * the buy's currency), so its `discountValue` is written in GBP, the product's first currency.
 */
export function toAdminReferenceCode(row: ReferenceCodeRow): AdminReferenceCode {
  return {
    ...toReferenceCodeDetails(row, 'GBP'),
    id: row.id,
    validFrom: row.validFrom ? row.validFrom.toISOString() : null,
    maxUses: row.maxUses,
    uses: row.uses,
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
