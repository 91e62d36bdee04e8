import { MARKETING_MESSAGES, SECRET_MASK } from '@landunits/domain';
import type { MarketingSettingsView } from '@landunits/domain/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const GET = 'GET /api/admin/settings/integrations';
const PUT = 'PUT /api/admin/settings/integrations';

const view = (over: Partial<MarketingSettingsView> = {}): MarketingSettingsView => ({
  trackerUrl: '',
  trackerSecret: '',
  hasTrackerSecret: false,
  scriptUrl: '',
  scriptCategory: 'Statistics',
  version: 0,
  updatedAt: null,
  forwarding: { done: 0, pending: 0, failed: 0, lastDoneAt: null },
  ...over,
});

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

describe('/admin/settings/integrations', () => {
  it('says nothing is configured, checks addresses with the shared messages, then saves', async () => {
    const saved = view({ trackerUrl: 'https://track.example/hook', trackerSecret: SECRET_MASK, hasTrackerSecret: true, version: 1, updatedAt: '2026-11-25T10:00:00.000Z' });
    const api = mockApi({ [GET]: () => json(200, view()), [PUT]: () => json(200, saved) });
    const { user } = renderApp('/admin/settings/integrations', { session: TEST_ADMIN });
    expect(await screen.findByText('Nothing is configured: no tracking data is sent and no script is loaded.')).toBeTruthy();
    const tracker = screen.getByLabelText('Tracker endpoint (https://…)');
    await user.type(tracker, 'http://track.example/hook');
    await user.click(screen.getByRole('button', { name: 'Save the integrations' }));
    expect(await screen.findByText(MARKETING_MESSAGES.trackerUrl)).toBeTruthy();
    expect(api.callsTo(PUT)).toHaveLength(0);

    await user.clear(tracker);
    await user.type(tracker, 'https://track.example/hook');
    await user.type(screen.getByLabelText('Secret sent as a bearer token (optional)'), 'abc');
    await user.selectOptions(screen.getByLabelText('Cookie category it needs'), 'Marketing');
    await user.click(screen.getByRole('button', { name: 'Save the integrations' }));
    await waitFor(() => expect(api.callsTo(PUT).map((c) => c.body)).toEqual([{ trackerUrl: 'https://track.example/hook', trackerSecret: 'abc', scriptUrl: '', scriptCategory: 'Marketing' }]));
    expect(await screen.findByText(/Version 1, last changed/)).toBeTruthy();
    expect((screen.getByLabelText('Secret sent as a bearer token (optional)') as HTMLInputElement).value).toBe(SECRET_MASK);
  });

  it('shows how many tracking payloads were forwarded', async () => {
    mockApi({ [GET]: () => json(200, view({ forwarding: { done: 3, pending: 1, failed: 0, lastDoneAt: '2026-11-25T09:30:00.000Z' } })) });
    renderApp('/admin/settings/integrations', { session: TEST_ADMIN });
    expect((await screen.findByTestId('forwarding-counts')).textContent).toBe('Tracking data forwarded: 3 (last 25 Nov 2026, 09:30 UTC); waiting or retrying: 1; given up: 0.');
  });
});
