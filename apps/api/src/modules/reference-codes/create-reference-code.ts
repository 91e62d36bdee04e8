import { REFERENCE_CODE_MESSAGES, type CreateReferenceCode } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { referenceCodes } from './schema';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { toAdminReferenceCode, type AdminReferenceCode } from './store';
import { recordAudit, type AuditActor } from '../audit';

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
