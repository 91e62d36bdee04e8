import { CURRENCIES, currencyOf, hasPermission, TransactionsQuerySchema, UNIT_TYPES, type AdminRole, type Holding, type MoneySettings, type Price, type UnitType } from '@landunits/domain';
import type { AdminUserDetail, ReviewCase } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { emailsSentTo } from '../../platform/mail/history';
import { auditTrailOf } from '../audit';
import { listUserSessions } from '../auth';
import { emailChangeHistoryOf } from '../email-change';
import { holdingsOf } from '../holdings';
import { purchaseLimitOf, unapprovedBuysInCents } from '../orders';
import { currentMoneySettings, currentPriceList } from '../pricing';
import { accountStatusOf, findUsersByIds, purchaseLimitOverridesOf, type UserRow } from '../users';
import { reviewCase } from '../verification';
import { orderRows } from './list-user-orders';
import { maskUserDetail } from './masking';
import { accountOr404, iso, readsMasked } from './store';

/** The first page of orders on a person's page. */
export const FIRST_ORDERS_QUERY = TransactionsQuerySchema.parse({ pageSize: '10' });

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

/** The pieces of an admin's view of a person that need some mapping from what their modules answer. */

/** Units per unit type by bucket and their value today, from the holdings read model. */
export function holdingRows(holdings: Record<UnitType, Holding>): AdminUserDetail['holdings'] {
  return UNIT_TYPES.map((unitType) => {
    const h = holdings[unitType];
    return {
      unitType,
      currency: currencyOf(unitType),
      owned: h.owned,
      ownedDoubleLand: h.owned_DOUBLE_LAND,
      pendingBuy: h.pendingBuy,
      pendingSell: h.pendingSell,
      transferQueued: h.transferQueued,
      convertLocked: h.convertLocked,
      bonusLocked: h.bonusLocked,
      valueTodayCents: h.total_value_today,
    };
  });
}

/** Per currency: the tier's limit, the admin's override (who set it, when, why) and what unapproved buys use. */
export async function purchaseLimitRows(db: Db, user: UserRow, settings: MoneySettings): Promise<AdminUserDetail['purchaseLimits']> {
  const [overrides, used] = await Promise.all([purchaseLimitOverridesOf(db, user.id), unapprovedBuysInCents(db, user.id)]);
  const setters = await findUsersByIds(
    db,
    overrides.flatMap((o) => (o.setBy ? [o.setBy] : [])),
  );
  const tierCents = Number(purchaseLimitOf(user, settings));
  return CURRENCIES.map((currency) => {
    const override = overrides.find((o) => o.currency === currency);
    const setter = override?.setBy ? setters.get(override.setBy) : undefined;
    return {
      currency,
      tierCents,
      overrideCents: override?.cents ?? null,
      limitCents: override?.cents ?? tierCents,
      usedCents: Number(used[currency]),
      reason: override?.reason ?? null,
      setBy: setter ? `${setter.firstName} ${setter.lastName ?? ''}`.trim() : override?.setBy ? 'An admin' : null,
      setAt: iso(override?.setAt),
    };
  });
}

/** The verifications as an admin reads them; an admin account has none (its statuses only). */
export function verificationPart(user: UserRow, review: ReviewCase | null): AdminUserDetail['verification'] {
  const none = { submittedAt: null, decidedAt: null, rejectionReason: null, details: null };
  if (!review) {
    return {
      profile: { status: user.profileVerificationStatus, ...none },
      bank: { status: user.bankVerificationStatus, ...none },
      history: [],
    };
  }
  const { profile, bank } = review;
  return {
    profile: { status: profile.status, details: profile.details, submittedAt: profile.submittedAt, decidedAt: profile.decidedAt, rejectionReason: profile.rejectionReason },
    bank: { status: bank.status, details: bank.details, submittedAt: bank.submittedAt, decidedAt: bank.decidedAt, rejectionReason: bank.rejectionReason },
    history: review.history,
  };
}

/** Every document, newest first; the download link only for roles that may open it (verifications.review). */
export function documentRows(review: ReviewCase | null, canDownload: boolean): AdminUserDetail['documents'] {
  if (!review) return [];
  const all = [...review.profile.documents, ...review.bank.documents].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || b.id.localeCompare(a.id));
  return all.map((d) => ({
    id: d.id,
    slot: d.slot,
    filename: d.filename,
    contentType: d.contentType,
    size: d.size,
    uploadedAt: d.uploadedAt,
    supersededAt: d.supersededAt,
    url: canDownload ? d.url : null,
  }));
}
