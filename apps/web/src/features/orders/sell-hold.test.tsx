import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/api-mock';
import { testOverview } from '../../test/verification-fixtures';
import { orderApi, testBundle } from './orders-test-utils';
import { openTab } from './transaction-page-test-utils';

beforeAll(async () => {
  await import('./order-pages');
});

describe('/dashboard/transaction: Sell after a bank change', () => {
  it('says new sales are paused until the 48-hour hold ends', async () => {
    const api = orderApi({
      'GET /api/user/verification': () => json(200, testOverview({ bank: { status: 'Approved', sellHoldUntil: '2099-11-26T14:05:00.000Z' } })),
    });
    await openTab('sell');
    expect(await screen.findByText(/New sales are paused until 26 Nov 2099, 14:05 UTC/)).toBeTruthy();
    expect(api.callsTo('GET /api/user/verification')).toHaveLength(1);
  });

  it('says nothing when no hold runs, and does not ask while selling is closed anyway', async () => {
    const api = orderApi({});
    await openTab('sell', testBundle({ bank: 'Saved' }));
    expect(screen.queryByText(/New sales are paused/)).toBeNull();
    expect(api.callsTo('GET /api/user/verification')).toHaveLength(0);
  });
});
