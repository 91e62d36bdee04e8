import { REFERENCE_CODE_MESSAGES, type CreateReferenceCode, type ReferenceCodeDetails } from '@landunits/domain';
import { desc, eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { referenceCodes } from './schema';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { toReferenceCodeDetails, type ReferenceCodeRow } from './store';
import { recordAudit, type AuditActor } from '../audit';

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

export interface CodesPageQuery {
  page: number;
  pageSize: number;
}

/** GET /api/admin/reference-codes: every code, newest first. */
export async function listReferenceCodes(db: Db, q: CodesPageQuery) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(referenceCodes)
      .orderBy(desc(referenceCodes.createdAt), desc(referenceCodes.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(referenceCodes),
  ]);
  return { codes: rows.map(toAdminReferenceCode), total, page: q.page, pageSize: q.pageSize };
}

/** '007.50' → '7.5', '0100' → '100': one spelling per value, compared and shown alike everywhere. */
export function canonicalDecimal(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/**
 * POST /api/admin/reference-codes: stores a code the schema has checked. Only the terms of its
 * type are kept (a BONUS code has no discount, a DISCOUNT code no bonus Units). The name is unique
 * without case: a second code with the same name is a 409, also when two admins race.
 */
export async function createReferenceCode(ctx: DbContext, admin: AuditActor, input: CreateReferenceCode): Promise<{ code: AdminReferenceCode }> {
  const isDiscount = input.codeType === 'DISCOUNT';
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(referenceCodes)
      .values({
        code: input.code,
        codeType: input.codeType,
        isPercent: isDiscount && input.isPercent,
        amount: isDiscount ? canonicalDecimal(input.amount) : '0',
        bonusUnits: isDiscount ? 0 : input.bonusUnits,
        minPaymentAmountCents: input.minPaymentAmountInCents,
        maxPaymentAmountCents: input.maxPaymentAmountInCents,
        validFrom: input.validFrom ? new Date(input.validFrom) : null,
        validUntil: input.validUntil ? new Date(input.validUntil) : null,
        maxUses: input.maxUses,
        createdBy: admin.userId,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing({ target: referenceCodes.code })
      .returning();
    if (!row) throw new AppError('CODE_TAKEN', VALIDATION_MESSAGE, { code: REFERENCE_CODE_MESSAGES.codeTaken });
    const code = toAdminReferenceCode(row);
    await recordAudit(tx, { actor: admin, at: row.createdAt, action: 'referenceCode.create', targetType: 'referenceCode', targetId: row.id, before: null, after: code });
    return { code };
  });
}

/**
 * POST /api/admin/reference-codes/:id/disable: the code can no longer be used by new buys; buys
 * placed with it keep it. Disabling a disabled code changes nothing and answers the same.
 */
export async function disableReferenceCode(ctx: DbContext, admin: AuditActor, id: string): Promise<{ code: AdminReferenceCode }> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(referenceCodes).where(eq(referenceCodes.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', REFERENCE_CODE_MESSAGES.unknown);
    // Disabling a disabled code changes nothing, so it leaves no audit row either.
    if (before.disabledAt) return { code: toAdminReferenceCode(before) };
    const now = ctx.clock.now();
    const [row] = await tx.update(referenceCodes).set({ disabledAt: now }).where(eq(referenceCodes.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', REFERENCE_CODE_MESSAGES.unknown);
    const code = toAdminReferenceCode(row);
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'referenceCode.disable',
      targetType: 'referenceCode',
      targetId: row.id,
      before: { disabledAt: null },
      after: { disabledAt: code.disabledAt },
    });
    return { code };
  });
}
