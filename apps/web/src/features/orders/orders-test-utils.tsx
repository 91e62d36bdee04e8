import { CONSENT_STORAGE_KEY, UNIT_TYPES, type UnitType } from '@landunits/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../../app/providers';
import { AppRoutes } from '../../app/routes';
import { IDEMPOTENCY_HEADER } from '../../shared/orders/idempotency';
import type { DashboardData, DoubleLandStatus, Holding, OrderView } from '../../shared/orders/types';
import { SESSION_QUERY_KEY, type DashboardBundle } from '../../shared/session/session';
import { json, mockApi, setSignedInHint } from '../../test/api-mock';
import { ProbeLocation, testQueryClient, type LocationProbe } from '../../test/render-app';
import { testOverview } from '../../test/verification-fixtures';

/** Test data and rendering for the order pages: a dashboard bundle with known prices, orders, headers. */

export const OWN_EMAIL = 'ada@example.com';

function holding(owned: number, currencyType: Holding['currencyType']): Holding {
  return {
    owned,
    owned_DOUBLE_LAND: 0,
    pendingBuy: 0,
    pendingSell: 0,
    transferQueued: 0,
    convertLocked: 0,
    bonusLocked: 0,
    units_valued: owned,
    total_value_bought: 0,
    total_value_today: 0,
    profit: 0,
    profit_percentage: '0.00',
    currencyType,
  };
}

const price = (pricePerUnit: string, currency: 'GBP' | 'USD' | 'EUR' | 'AUD', symbol: string) => ({
  pricePerUnit,
  buyOrderTransactionFeeInCents: 100,
  sellOrderTransactionFeeInUnits: 10,
  convertOrderTransactionFeeInUnits: 0,
  currency,
  symbol,
});

const noneLocked = (): Record<UnitType, DoubleLandStatus> =>
  Object.fromEntries(UNIT_TYPES.map((type) => [type, { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 }])) as Record<UnitType, DoubleLandStatus>;

export interface BundleOptions {
  owned?: Partial<Record<'LAND_POUND' | 'LAND_USD' | 'LAND_EUR' | 'LAND_AUD', number>>;
  profile?: DashboardData['user']['profileVerificationStatus'];
  bank?: DashboardData['user']['bankVerificationStatus'];
  limitInCents?: number;
  usedInCents?: number;
  unitsAvailable?: number;
  userType?: DashboardData['user']['userType'];
  /** userDashBoardDetails.doubleLand */
  doubleLand?: Partial<Record<UnitType, DoubleLandStatus>>;
  /** Units left in the LU2X offer (userDashBoardDetails.doubleLandOffer.remainingUnits). */
  doubleLandRemaining?: number;
}

/** GET /api/user of Ada: £1.070000 and $1.100000 a Unit, 500 GBP Units owned, both verifications Approved. */
export function testBundle(options: BundleOptions = {}): DashboardData {
  const owned = { LAND_POUND: 500, LAND_USD: 0, LAND_EUR: 0, LAND_AUD: 0, ...options.owned };
  const available = options.unitsAvailable ?? 1_000_000;
  const limit = { limitInCents: options.limitInCents ?? 10_000_000, usedInCents: options.usedInCents ?? 0 };
  return {
    user: {
      id: 'u1',
      email: OWN_EMAIL,
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: options.userType ?? 'USER',
      role: options.userType ?? 'USER',
      firstLogin: false,
      profileVerificationStatus: options.profile ?? 'Approved',
      bankVerificationStatus: options.bank ?? 'Approved',
    },
    prices: {
      LAND_POUND: price('1.070000', 'GBP', '£'),
      LAND_USD: price('1.100000', 'USD', '$'),
      LAND_EUR: price('1.050000', 'EUR', '€'),
      LAND_AUD: price('1.020000', 'AUD', 'A$'),
    },
    externalFees: {
      Bank: { fixedPercentageFees: 0, fixedCentsFees: 0 },
      Crypto: { fixedPercentageFees: 100, fixedCentsFees: 0 },
      Card_Square: { fixedPercentageFees: 175, fixedCentsFees: 10 },
      Card_Stripe: { fixedPercentageFees: 150, fixedCentsFees: 20 },
    },
    userDashBoardDetails: {
      userAnalytics: {
        LAND_POUND: holding(owned.LAND_POUND, 'GBP'),
        LAND_USD: holding(owned.LAND_USD, 'USD'),
        LAND_EUR: holding(owned.LAND_EUR, 'EUR'),
        LAND_AUD: holding(owned.LAND_AUD, 'AUD'),
      },
      buyOrderBonusLockedByStatus: { LockedBonusApproved: [], PaymentSent: [] },
      purchaseLimit: { GBP: limit, USD: limit, EUR: limit, AUD: limit },
      ...(options.doubleLand ? { doubleLand: { ...noneLocked(), ...options.doubleLand } } : {}),
      ...(options.doubleLandRemaining !== undefined ? { doubleLandOffer: { capUnits: 100_000, remainingUnits: options.doubleLandRemaining } } : {}),
    },
    landUnitStats: {
      growthPerYear: '0.075',
      priceEpoch: '2025-01-01',
      initialPrices: { LAND_POUND: '1.000000', LAND_USD: '1.000000', LAND_EUR: '1.000000', LAND_AUD: '1.000000' },
      landValues: { GBP: 847_390_000, USD: 1_050_763_600, EUR: 1_008_394_100, AUD: 1_686_306_100 },
      maxLandUnitsForSalePercentage: '84.74',
      unitsAvailable: { LAND_POUND: available, LAND_USD: available, LAND_EUR: available, LAND_AUD: available },
    },
    exchangeRate: { GBP: '1', USD: '1.24', EUR: '1.19', AUD: '1.99' },
    adminBankDetails: {
      bankAccountName: 'Land Units Ltd',
      bankName: 'Example Bank plc',
      sortCode: '04-00-04',
      bankAccountNumber: '12345678',
      iban: 'GB33BUKB20201555555555',
      swiftBic: 'EXBKGB2L',
      bankAddress: '1 Example Street, London EC1A 1AA, United Kingdom',
    },
    cryptoWallets: { BITCOIN: 'bc1qexamplewalletaddress0000000000000000', ETHER: '0x00000000000000000000000000000000000000e1' },
    emailChange: null,
  };
}

export const ORDER_ID = '01JDTESTORDER0000000ABCDE';

/** An order as the API shows it; a bank buy of 100 GBP Units waiting for its payment unless told. */
export function testOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    orderId: ORDER_ID,
    orderType: 'BUY',
    orderStatus: 'Initiated',
    statusLabel: 'Initiated',
    statusColour: 'grey',
    direction: 'SENT',
    paymentMethod: 'Bank',
    currencyUnit: {
      unitType: 'LAND_POUND',
      numberOfUnits: 100,
      pricePerUnit: '1.070000',
      buyOrderTransactionFeeInCents: 100,
      sellOrderTransactionFeeInUnits: 10,
      convertOrderTransactionFeeInUnits: 0,
      isDoubleLand: false,
    },
    paymentDetails: {
      currency: 'GBP',
      paymentMethod: 'Bank',
      subTotal: 10_700,
      discount: 0,
      transactionFee: 100,
      paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 },
      paymentAmount: 10_800,
    },
    buy: { paymentId: 'ABCDE', expiresAt: '2026-11-23T14:05:00.000Z' },
    createdAt: '2026-11-22T14:05:00.000Z',
    updatedAt: '2026-11-22T14:05:00.000Z',
    ...overrides,
  };
}

type Handler = Parameters<typeof mockApi>[0][string];

/**
 * The API for a signed-in Ada: GET /api/user answers the bundle (pages refresh it after an order
 * action), plus the given handlers.
 */
export function orderApi(handlers: Record<string, Handler>, bundle: DashboardData = testBundle()) {
  setSignedInHint();
  return mockApi({
    'GET /api/user': () => json(200, bundle),
    // The sell form asks whether new sells are paused (48 hours after a bank change).
    'GET /api/user/verification': () => json(200, testOverview()),
    ...handlers,
  });
}

/** The Idempotency-Key headers sent to one 'METHOD /api/path', in order. */
export function idempotencyKeys(key: string): (string | undefined)[] {
  const fetchMock = vi.mocked(globalThis.fetch);
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.[IDEMPOTENCY_HEADER]);
}

/** Renders the whole app at `path`, signed in with `bundle` as the dashboard bundle. */
export function renderOrderPage(path: string, bundle: DashboardData = testBundle()) {
  localStorage.setItem(CONSENT_STORAGE_KEY, 'true');
  const client = testQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, bundle as unknown as DashboardBundle);
  const location: LocationProbe = { current: path };
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <ProbeLocation locationRef={location} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, client, user, location };
}
