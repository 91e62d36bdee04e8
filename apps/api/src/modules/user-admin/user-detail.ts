import { hasPermission, TransactionsQuerySchema, type AdminRole, type Price, type UnitType } from '@landunits/domain';
import { ADMIN_USER_MESSAGES, type AdminUserDetail } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { emailsSentTo } from '../../platform/mail/history';
import { auditTrailOf } from '../audit';
import { listUserSessions } from '../auth';
import { emailChangeHistoryOf } from '../email-change';
import { holdingsOf } from '../holdings';
import { currentMoneySettings, currentPriceList } from '../pricing';
import { accountStatusOf, findUserById, type UserRow } from '../users';
import { reviewCase } from '../verification';
import { documentRows, holdingRows, orderRows, purchaseLimitRows, verificationPart } from './detail-parts';
import { maskUserDetail } from './masking';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The first page of orders on a person's page. */
export const FIRST_ORDERS_QUERY = TransactionsQuerySchema.parse({ pageSize: '10' });

/** The account of this id, or 404 (also for an id that is not one). */
export async function accountOr404(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const user = UUID.test(userId) ? await findUserById(ctx.db, userId.toLowerCase()) : undefined;
  if (!user) throw new AppError('NOT_FOUND', ADMIN_USER_MESSAGES.notFound);
  return user;
}

/** Whether this role reads personal data masked (PRODUCT-DECISIONS §12: SUPPORT, and FINANCE, until a reveal). */
export const readsMasked = (role: AdminRole) => !hasPermission(role, 'users.manage');

/**
 * GET /api/admin/users/:id: everything an admin's page of a person shows, read from the modules
 * that own each part. Masked for a role without users.manage unless `unmasked` (a reveal).
 */
export async function userDetail(ctx: AppContext, viewer: { role: AdminRole }, userId: string, options: { unmasked?: boolean } = {}): Promise<AdminUserDetail> {
  const user = await accountOr404(ctx, userId);
  const now = ctx.clock.now();
  const [review, settings, list, orders, emailChanges, sessions] = await Promise.all([
    user.adminRole ? null : reviewCase(ctx, user.id),
    currentMoneySettings(ctx.db, now),
    currentPriceList(ctx.db, now),
    orderRows(ctx.db, user.id, FIRST_ORDERS_QUERY),
    emailChangeHistoryOf(ctx.db, user.id),
    listUserSessions(ctx.db, user.id, now),
  ]);
  const prices = Object.fromEntries(Object.entries(list.body.prices).map(([t, p]) => [t, p.pricePerUnit])) as Record<UnitType, Price>;
  const addresses = [user.email, ...emailChanges.flatMap((r) => [r.oldEmail, r.newEmail].filter((e): e is string => Boolean(e)))];
  const [holdings, purchaseLimits, emails, audit] = await Promise.all([
    holdingsOf(ctx.db, user.id, prices),
    purchaseLimitRows(ctx.db, user, settings),
    emailsSentTo(ctx.db, addresses),
    auditTrailOf(ctx.db, [
      { targetType: 'user', targetId: user.id },
      { targetType: 'profileVerification', targetId: user.id },
      { targetType: 'bankVerification', targetId: user.id },
      ...emailChanges.map((r) => ({ targetType: 'emailChange', targetId: r.id })),
    ]),
  ]);
  const detail: AdminUserDetail = {
    masked: false,
    // Staff hold no Units, so nothing of theirs waits (decision 0037).
    moneyHold: review?.moneyHold ?? null,
    account: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      businessName: user.businessName,
      userType: user.userType,
      adminRole: user.adminRole,
      status: accountStatusOf(user),
      createdAt: user.createdAt.toISOString(),
      emailConfirmedAt: iso(user.emailVerifiedAt),
      disabledAt: iso(user.disabledAt),
      disabledReason: user.disabledReason,
    },
    verification: verificationPart(user, review),
    documents: documentRows(review, hasPermission(viewer.role, 'verifications.review')),
    holdings: holdingRows(holdings),
    purchaseLimits,
    orders,
    emails: emails.map((e) => ({ ...e, queuedAt: e.queuedAt.toISOString(), sentAt: iso(e.sentAt) })),
    emailChanges: emailChanges.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), decidedAt: iso(r.decidedAt) })),
    sessions: sessions.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
    audit,
  };
  return readsMasked(viewer.role) && !options.unmasked ? maskUserDetail(detail) : detail;
}
