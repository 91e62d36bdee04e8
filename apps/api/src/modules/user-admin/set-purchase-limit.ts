import { ADMIN_USER_MESSAGES as M, type AdminUserActionAnswer, type PurchaseLimitOverride } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { AuditActor } from '../audit';
import { lockPurchaseLimitOverride, savePurchaseLimitOverride } from '../users';
import { actOnAccount } from './store';

/**
 * POST /api/admin/users/:id/purchase-limit: sets one currency's limit for this person (replacing
 * the tier's there, higher or lower), or clears it (`cents` null). The next buy in that currency
 * is checked against it (orders: checkLimit); the dashboard shows it.
 */
export function setPurchaseLimitOverride(ctx: AppContext, admin: AuditActor, userId: string, input: PurchaseLimitOverride): Promise<AdminUserActionAnswer> {
  const { currency, amount: cents, reason } = input;
  return actOnAccount(ctx, admin, userId, reason, async (tx, user, audit) => {
    const current = await lockPurchaseLimitOverride(tx, user.id, currency);
    const before = current?.cents ?? null;
    if (before === cents) return { message: M.limitUnchanged, changed: false };
    await savePurchaseLimitOverride(tx, { userId: user.id, currency, cents, reason, setBy: admin.userId, at: ctx.clock.now() });
    await audit({ action: 'user.purchaseLimitOverride', before: { currency, overrideCents: before }, after: { currency, overrideCents: cents } });
    return { message: cents === null ? M.limitCleared(currency) : M.limitSet(currency, cents), changed: true };
  });
}
