import { DEFAULT_MONEY_SETTINGS, UNIT_TYPES, type Currency, type UnitType } from '@landunits/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AdminBankDetails, DashboardData, DoubleLandStatus, Holding, UnitPrice, VerificationStatus } from '../../shared/orders/types';
import { refreshSession } from '../../shared/session/session-actions';
import { sessionQueryOptions } from '../../shared/session/session';

/**
 * What the order forms need of the dashboard bundle (GET /api/user, the session query): today's
 * prices and fees, the user's holdings, exchange rates, limits and verification statuses. The
 * figures shown before confirming are computed from these with the domain's money functions; the
 * server computes the real ones.
 */
export interface OrderContext {
  email: string;
  /** BUSINESS users pay by bank by default (SPEC §4). */
  userType: 'USER' | 'BUSINESS';
  profileVerificationStatus: VerificationStatus;
  bankVerificationStatus: VerificationStatus;
  prices: Record<UnitType, UnitPrice>;
  externalFees: DashboardData['externalFees'];
  holdings: Partial<Record<UnitType, Holding>>;
  /** GBP-based rates; null when the bundle has none (conversions cannot be previewed). */
  exchangeRate: Record<Currency, string> | null;
  purchaseLimit: Partial<DashboardData['userDashBoardDetails']['purchaseLimit']>;
  /** Units left under the supply cap per unit type, when the bundle says. */
  unitsAvailable: Partial<Record<UnitType, number>>;
  adminBankDetails: AdminBankDetails | null;
  /** Days converted Units stay locked. */
  convertLockDays: number;
  /** LU2X Units still locked per unit type. */
  doubleLand: Partial<Record<UnitType, DoubleLandStatus>>;
  /** Units left in the LU2X offer; null when the bundle does not say. */
  doubleLandRemaining: number | null;
}

type LooseBundle = Partial<DashboardData> & {
  user?: Partial<DashboardData['user']>;
  settings?: { convertLockDays?: unknown };
  landUnitStats?: Partial<DashboardData['landUnitStats']> & { convertLockDays?: unknown };
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function lockDays(bundle: LooseBundle): number {
  const candidates = [bundle.settings?.convertLockDays, bundle.landUnitStats?.convertLockDays];
  const days = candidates.find((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
  return days ?? DEFAULT_MONEY_SETTINGS.convertLockDays;
}

function offerRemaining(offer: unknown): number | null {
  if (!isRecord(offer)) return null;
  const left = offer.remainingUnits;
  return typeof left === 'number' && Number.isSafeInteger(left) && left >= 0 ? left : null;
}

/** The bundle's parts, or null when its prices or fees are missing (nothing can be previewed then). */
export function toOrderContext(data: unknown): OrderContext | null {
  if (!isRecord(data)) return null;
  const bundle = data as LooseBundle;
  const prices = bundle.prices;
  if (!isRecord(prices) || !UNIT_TYPES.every((type) => isRecord(prices[type]) && typeof prices[type].pricePerUnit === 'string')) return null;
  if (!isRecord(bundle.externalFees) || !isRecord(bundle.externalFees.Bank)) return null;
  const details = isRecord(bundle.userDashBoardDetails) ? bundle.userDashBoardDetails : undefined;
  const status = (value: unknown): VerificationStatus => (typeof value === 'string' ? (value as VerificationStatus) : 'UnVerified');
  return {
    email: typeof bundle.user?.email === 'string' ? bundle.user.email.toLowerCase() : '',
    profileVerificationStatus: status(bundle.user?.profileVerificationStatus),
    bankVerificationStatus: status(bundle.user?.bankVerificationStatus),
    prices,
    externalFees: bundle.externalFees,
    holdings: isRecord(details?.userAnalytics) ? details.userAnalytics : {},
    exchangeRate: isRecord(bundle.exchangeRate) ? bundle.exchangeRate : null,
    purchaseLimit: isRecord(details?.purchaseLimit) ? details.purchaseLimit : {},
    unitsAvailable: isRecord(bundle.landUnitStats?.unitsAvailable) ? bundle.landUnitStats.unitsAvailable : {},
    adminBankDetails: isRecord(bundle.adminBankDetails) ? bundle.adminBankDetails : null,
    convertLockDays: lockDays(bundle),
    userType: bundle.user?.userType === 'BUSINESS' ? 'BUSINESS' : 'USER',
    doubleLand: isRecord(details?.doubleLand) ? details.doubleLand : {},
    doubleLandRemaining: offerRemaining(details?.doubleLandOffer),
  };
}

/** Owned Units of a type: what can be sold, transferred or converted now. */
export function ownedUnits(context: OrderContext, unitType: UnitType): number {
  const owned = context.holdings[unitType]?.owned;
  return typeof owned === 'number' && Number.isSafeInteger(owned) && owned > 0 ? owned : 0;
}

/**
 * The bundle as order context. Order pages ask the server again when their copy is older than
 * 30 seconds, so holdings and prices are current when someone starts an order.
 */
export function useOrderContext() {
  const client = useQueryClient();
  const query = useQuery({ ...sessionQueryOptions, staleTime: 30_000 });
  const context = toOrderContext(query.data);
  const retry = useCallback(() => {
    void refreshSession(client);
  }, [client]);
  return { context, fetching: query.isFetching, retry };
}
