/**
 * The shapes the orders and dashboard API answer, derived from the route contracts
 * (@landunits/domain/contracts; GET /api/openapi.json). Money is integer cents, Units whole
 * numbers, prices 6-decimal strings. The browser shows these figures; it never computes a total
 * the server would trust.
 */

export type { Holding, PriceListBody, UnitPrice, VerificationStatus } from '@landunits/domain';
export type {
  AdminBankDetails,
  AdminQueuePage as AdminOrdersPage,
  DashboardData,
  DoubleLandStatus,
  LandUnitStats,
  LockedBonusItem,
  OrderView,
  StatusHistoryItem,
  TransactionsPage,
} from '@landunits/domain/contracts';
