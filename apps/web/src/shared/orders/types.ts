import type {
  CryptoKind,
  Currency,
  Holding,
  OrderStatus,
  OrderType,
  PaymentMethod,
  Price,
  PriceListBody,
  ReferenceCodeDetails,
  StatusColour,
  UnitPrice,
  UnitType,
} from '@landunits/domain';

/**
 * The shapes the orders API answers (docs/api/orders.md). Money is integer cents, Units whole
 * numbers, prices 6-decimal strings. The browser shows these figures; it never computes a total the
 * server would trust.
 */

export type { PriceListBody, UnitPrice } from '@landunits/domain';

export interface StatusHistoryItem {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  createdAt: string;
  reason?: string | null;
  actor?: string;
}

export interface OrderView {
  orderId: string;
  orderType: OrderType;
  orderStatus: OrderStatus;
  statusLabel: string;
  statusColour: StatusColour;
  direction: 'SENT' | 'RECEIVED' | null;
  paymentMethod: PaymentMethod;
  currencyUnit: {
    unitType: UnitType;
    numberOfUnits: number;
    pricePerUnit: Price | null;
    buyOrderTransactionFeeInCents?: number;
    sellOrderTransactionFeeInUnits?: number;
    convertOrderTransactionFeeInUnits?: number;
    isDoubleLand?: boolean;
  };
  paymentDetails: {
    currency: Currency;
    paymentMethod: PaymentMethod;
    subTotal: number;
    discount: number;
    transactionFee: number;
    paymentMethodFees: { fixedPercentageFees: number; fixedCentsFees: number };
    paymentAmount: number;
  } | null;
  buy?: {
    paymentId: string;
    expiresAt: string | null;
    /** Crypto buys: the coin and where to send it. */
    cryptoType?: CryptoKind | null;
    walletAddress?: string | null;
    referenceCode?: string | null;
    referenceCodeDetails?: ReferenceCodeDetails | null;
    /** Units a BONUS code adds (locked after approval). */
    bonusUnits?: number;
    bonusUnlockAt?: string | null;
    /** Set when a provider reported another amount or currency: an admin checks it. */
    paymentFlag?: string | null;
  } | null;
  sell?: { unitsSold: number; feeUnits: number; payoutAmount: number } | null;
  transfer?: { recipientEmail: string | null; scheduledDate: string | null } | null;
  convert?: { unitType: UnitType; numberOfUnits: number; pricePerUnit: Price; exchangeRate: string; feeUnits: number; unlockAt: string } | null;
  counterpartyEmail?: string | null;
  counterpartyName?: string | null;
  createdAt: string;
  updatedAt: string;
  statusHistory?: StatusHistoryItem[];
  placedBy?: { userId: string; email: string | null; name: string | null };
}

export interface TransactionsPage {
  transactions: OrderView[];
  /** Matching transactions, counted at most 1,000 rows past this page… */
  total: number;
  /** …true when there are more than `total`. */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

export interface AdminOrdersPage {
  orders: OrderView[];
  total: number;
  page: number;
  pageSize: number;
}

export type VerificationStatus = 'UnVerified' | 'Saved' | 'Pending' | 'Approved' | 'Rejected';

export type { Holding } from '@landunits/domain';

export interface AdminBankDetails {
  bankAccountName: string;
  bankName: string;
  sortCode: string;
  bankAccountNumber: string;
  iban: string;
  swiftBic: string;
  bankAddress: string;
}

export interface LandUnitStats {
  growthPerYear: string;
  priceEpoch: string;
  initialPrices: Record<UnitType, Price>;
  landValues: Record<Currency, number>;
  maxLandUnitsForSalePercentage: string;
  unitsAvailable: Record<UnitType, number>;
}

/** Bonus Units of one BONUS-code buy, still locked (docs/api/payments.md, dashboard bundle additions). */
export interface LockedBonusItem {
  orderId: string;
  code: string | null;
  /** When they unlock; null while the buy waits for its payment to be approved. */
  unlockDate: string | null;
  lockedUnits: number;
  unitType?: UnitType;
}

/** A person's LU2X Units of one unit type: still locked, and the next monthly unlock. */
export interface DoubleLandStatus {
  lockedUnits: number;
  nextUnlockAt: string | null;
  nextUnlockUnits: number;
}

/** GET /api/user. */
export interface DashboardData {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    userType: 'USER' | 'BUSINESS';
    role: 'USER' | 'BUSINESS' | 'ADMIN';
    firstLogin: boolean;
    businessName?: string;
    profileVerificationStatus: VerificationStatus;
    bankVerificationStatus: VerificationStatus;
  };
  prices: Record<UnitType, UnitPrice>;
  externalFees: PriceListBody['externalFees'];
  userDashBoardDetails: {
    userAnalytics: Record<UnitType, Holding>;
    buyOrderBonusLockedByStatus: { LockedBonusApproved: unknown[]; PaymentSent: unknown[] };
    purchaseLimit: Record<Currency, { limitInCents: number; usedInCents: number }>;
    doubleLand?: Record<UnitType, DoubleLandStatus>;
    doubleLandOffer?: { capUnits: number; remainingUnits: number };
  };
  landUnitStats: LandUnitStats;
  exchangeRate: Record<Currency, string>;
  adminBankDetails: AdminBankDetails;
  /** Where crypto payments go, per coin (each order also carries its own address). */
  cryptoWallets?: Partial<Record<CryptoKind, string>>;
  emailChange: unknown;
}
