import { CURRENCIES, currencyOf, UNIT_TYPES, type Holding, type MoneySettings, type TransactionsQuery, type UnitType } from '@landunits/domain';
import type { AdminUserDetail, AdminUserOrder, AdminUserOrders, ReviewCase } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { getTransactions, purchaseLimitOf, unapprovedBuysInCents, type OrderView } from '../orders';
import { findUsersByIds, purchaseLimitOverridesOf, type UserRow } from '../users';

/** The pieces of an admin's view of a person that need some mapping from what their modules answer. */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

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

function orderRow(view: OrderView): AdminUserOrder {
  const direction = view.direction === 'RECEIVED' ? 'RECEIVED' : 'SENT';
  const payment = view.paymentDetails as { paymentAmount?: unknown } | null;
  return {
    orderId: view.orderId,
    orderType: view.orderType,
    orderStatus: view.orderStatus,
    unitType: view.currencyUnit.unitType,
    numberOfUnits: view.currencyUnit.numberOfUnits,
    direction,
    paymentMethod: view.paymentMethod ?? null,
    amountCents: typeof payment?.paymentAmount === 'number' ? payment.paymentAmount : null,
    currency: currencyOf(view.currencyUnit.unitType),
    counterparty: direction === 'SENT' ? (view.counterpartyEmail ?? null) : view.counterpartyName,
    createdAt: view.createdAt,
  };
}

/** One page of the person's orders (placed and received), with the transaction list's filters and sorts. */
export async function orderRows(db: Db, userId: string, query: TransactionsQuery): Promise<AdminUserOrders> {
  const page = await getTransactions(db, userId, query);
  return { orders: page.transactions.map(orderRow), total: page.total, totalCapped: page.totalCapped, page: page.page, pageSize: page.pageSize };
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
