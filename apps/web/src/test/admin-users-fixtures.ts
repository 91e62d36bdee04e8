import type { AdminUserDetail, AdminUserItem } from '@landunits/domain/contracts';

/** Test data of the admin users section: people as the search lists them and one person's page. */

export const userItem = (id: string, name: string, extra: Partial<AdminUserItem> = {}): AdminUserItem => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  businessName: null,
  userType: 'USER',
  adminRole: null,
  status: 'active',
  profileVerificationStatus: 'Approved',
  bankVerificationStatus: 'Pending',
  createdAt: '2026-03-01T09:00:00.000Z',
  matchedOrderId: null,
  ...extra,
});

const limit = (currency: 'GBP' | 'USD' | 'EUR' | 'AUD', overrideCents: number | null = null) => ({
  currency,
  tierCents: 100_000,
  overrideCents,
  limitCents: overrideCents ?? 100_000,
  usedCents: 0,
  reason: overrideCents === null ? null : 'Raised after a call',
  setBy: overrideCents === null ? null : 'Compliance Admin',
  setAt: overrideCents === null ? null : '2026-03-02T10:00:00.000Z',
});

/** Ada's page, masked (as SUPPORT reads it) or in full. */
export function userDetail(masked: boolean, extra: { account?: Partial<AdminUserDetail['account']>; moneyHold?: AdminUserDetail['moneyHold'] } = {}): AdminUserDetail {
  const m = (full: string, hidden: string) => (masked ? hidden : full);
  return {
    masked,
    moneyHold: extra.moneyHold ?? null,
    account: {
      id: 'u1',
      email: m('ada@example.com', 'a•••@example.com'),
      firstName: 'Ada',
      lastName: 'Lovelace',
      businessName: null,
      userType: 'USER',
      adminRole: null,
      status: 'active',
      createdAt: '2026-03-01T09:00:00.000Z',
      emailConfirmedAt: '2026-03-01T09:05:00.000Z',
      disabledAt: null,
      disabledReason: null,
      ...extra.account,
    },
    verification: {
      profile: {
        status: 'Approved',
        details: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          address: { houseNumber: m('12', '•••'), streetAddress: m('St James Square', '••••••••'), townCity: m('London', '••••••'), postcode: m('SW1Y 4JH', '••••••••'), country: 'United Kingdom' },
          contactInfo: { telephoneCountryCode: '+44', phoneNumber: m('7700900123', '••••••••23') },
          optionalNote: '',
          passport: { passportNumber: m('123456789', '•••••6789'), issuingCountry: 'United Kingdom', startDate: m('2020-01-01', '••••••••'), expiryDate: m('2030-01-01', '••••••••') },
        },
        submittedAt: '2026-03-01T10:00:00.000Z',
        decidedAt: '2026-03-02T10:00:00.000Z',
        rejectionReason: null,
      },
      bank: {
        status: 'Pending',
        details: {
          bankAccountName: 'Ada Lovelace',
          bankAccountNumber: m('31926819', '••••6819'),
          iban: m('GB29NWBK60161331926819', '••••••••6819'),
          swiftBic: 'NWBKGB2L',
          bankName: 'NatWest',
          bankAddress: 'London',
          bankCountry: 'United Kingdom',
          sortCode: m('601613', '••••••'),
          routingNumber: '',
        },
        submittedAt: '2026-03-02T11:00:00.000Z',
        decidedAt: null,
        rejectionReason: null,
      },
      history: [],
    },
    documents: [
      {
        id: 'd1',
        slot: 'passportFile',
        filename: 'passport.png',
        contentType: 'image/png',
        size: 1234,
        uploadedAt: '2026-03-01T10:00:00.000Z',
        supersededAt: null,
        url: masked ? null : '/api/user/verification/documents/d1',
      },
    ],
    holdings: (['LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD'] as const).map((unitType, i) => ({
      unitType,
      currency: (['GBP', 'USD', 'EUR', 'AUD'] as const)[i]!,
      owned: i === 0 ? 250 : 0,
      ownedDoubleLand: 0,
      pendingBuy: 0,
      pendingSell: 0,
      transferQueued: 0,
      convertLocked: 0,
      bonusLocked: 0,
      valueTodayCents: i === 0 ? 26_950 : 0,
    })),
    purchaseLimits: [limit('GBP', 500_000), limit('USD'), limit('EUR'), limit('AUD')],
    orders: {
      orders: [
        {
          orderId: '01JNX0000000000000000000AA',
          orderType: 'TRANSFER',
          orderStatus: 'Completed',
          unitType: 'LAND_POUND',
          numberOfUnits: 5,
          direction: 'SENT',
          paymentMethod: 'None',
          amountCents: null,
          currency: 'GBP',
          counterparty: m('bob@example.com', 'b•••@example.com'),
          createdAt: '2026-03-03T09:00:00.000Z',
        },
      ],
      total: 12,
      totalCapped: false,
      page: 1,
      pageSize: 10,
    },
    emails: [
      {
        id: '7',
        to: m('ada@example.com', 'a•••@example.com'),
        subject: 'Activate your Land Units account',
        status: 'sent',
        queuedAt: '2026-03-01T09:00:00.000Z',
        sentAt: '2026-03-01T09:00:02.000Z',
        attempts: 1,
      },
    ],
    emailChanges: [],
    sessions: [{ id: 's1', createdAt: '2026-03-01T09:05:00.000Z', lastSeenAt: '2026-03-04T08:00:00.000Z', expiresAt: '2026-04-03T08:00:00.000Z' }],
    audit: [
      {
        id: 'a1',
        actorUserId: '11111111-2222-4333-8444-555555555555',
        actorRole: 'COMPLIANCE',
        actorName: 'Cora Compliance',
        actorEmail: 'cora@landunits.example',
        at: '2026-03-02T10:00:00.000Z',
        action: 'user.purchaseLimitOverride',
        targetType: 'user',
        targetId: 'u1',
        before: { currency: 'GBP', overrideCents: null },
        after: { currency: 'GBP', overrideCents: 500_000 },
        reason: 'Raised after a call',
        requestId: 'r1',
      },
    ],
  };
}
