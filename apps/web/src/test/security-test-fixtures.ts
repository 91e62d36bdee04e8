import { DEFAULT_STEP_UP_TRANSFER_UNITS, RECOVERY_CODE_COUNT } from '@landunits/domain';
import type { SecurityOverview, SessionView } from '../features/auth/security-api';

/** The security page's test data: an overview and sessions as GET /api/user/security answers them. */

export const SECURITY_PATH = '/dashboard/settings/security';
export const OVERVIEW = 'GET /api/user/security';

export const THIS_SESSION_ID = '0f6c1a52-1111-4222-8333-944455556666';
export const PHONE_SESSION_ID = '1a2b3c4d-2222-4333-8444-955566667777';
export const TABLET_SESSION_ID = '2b3c4d5e-3333-4444-8555-a66677778888';

export function testSession(overrides: Partial<SessionView> = {}): SessionView {
  return {
    id: THIS_SESSION_ID,
    current: true,
    device: 'Firefox on Windows',
    ipAddress: '203.0.113.7',
    createdAt: '2026-11-18T08:15:00.000Z',
    lastActiveAt: '2026-11-20T09:30:00.000Z',
    secondFactor: null,
    ...overrides,
  };
}

export function testSecurityOverview(overrides: Partial<SecurityOverview> = {}): SecurityOverview {
  return {
    totp: { enabled: false, enabledAt: null },
    passkeys: [],
    recoveryCodesLeft: null,
    adminNeedsSecondFactor: false,
    sessions: [testSession()],
    moneyHold: null,
    stepUpTransfersAbove: DEFAULT_STEP_UP_TRANSFER_UNITS,
    dailyTransferLimit: { units: null, raise: null },
    ...overrides,
  };
}

/** An account with its authenticator app on since 2 Nov 2026 and this many recovery codes left. */
export const withTotp = (left: number, overrides: Partial<SecurityOverview> = {}) =>
  testSecurityOverview({ totp: { enabled: true, enabledAt: '2026-11-02T10:00:00.000Z' }, recoveryCodesLeft: left, ...overrides });

/** Ten recovery codes as the API answers them (sixteen characters of the recovery alphabet). */
export const testRecoveryCodes = (variant = 'r') => Array.from({ length: RECOVERY_CODE_COUNT }, (_, i) => `abcdefghjkmnpq${'23456789ab'[i]}${variant}`);
