import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { activeMoneyHold } from '../../shared/verification/verification-data';
import { testOverview } from '../../test/verification-fixtures';
import { orderApi, testBundle } from './orders-test-utils';
import { openTab } from './transaction-page-test-utils';

beforeAll(async () => {
  await import('./order-pages');
});

const HOLD = { reason: 'password-reset', startedAt: '2099-11-24T14:05:00.000Z', until: '2099-11-26T14:05:00.000Z' } as const;
const SAID = 'Sales and transfers are paused until 26 Nov 2099, 14:05 UTC because your password was reset. This protects your Units if someone else made the change.';

describe('activeMoneyHold', () => {
  it('is the hold while it runs, and nothing once it has ended or when there is none', () => {
    const now = Date.parse('2099-11-25T00:00:00.000Z');
    expect(activeMoneyHold(HOLD, now)).toBe(HOLD);
    expect(activeMoneyHold(HOLD, Date.parse(HOLD.until))).toBeNull();
    expect(activeMoneyHold(null, now)).toBeNull();
    expect(activeMoneyHold({ ...HOLD, until: 'not a date' }, now)).toBeNull();
  });
});

describe('/dashboard/transaction during the cooling-off after a security change', () => {
  it('the Sell tab says why and until when sales are paused', async () => {
    const api = orderApi({ 'GET /api/user/verification': () => json(200, testOverview({ bank: { status: 'Approved' }, moneyHold: HOLD })) });
    await openTab('sell');
    expect((await screen.findByText(SAID)).getAttribute('role')).toBe('status');
    expect(api.callsTo('GET /api/user/verification')).toHaveLength(1);
  });

  it('the Transfer tab says it too', async () => {
    orderApi({ 'GET /api/user/verification': () => json(200, testOverview({ moneyHold: HOLD })) });
    await openTab('transfer');
    expect(await screen.findByText(SAID)).toBeTruthy();
  });

  it('does not ask on the Sell tab while selling is closed anyway', async () => {
    const api = orderApi({});
    await openTab('sell', testBundle({ bank: 'Saved' }));
    expect(screen.queryByText(/are paused until/)).toBeNull();
    expect(api.callsTo('GET /api/user/verification')).toHaveLength(0);
  });
});
