import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderWithProviders, TEST_USER } from '../../test/render-app';
import { SiteHeader } from './site-header';

const COUNT = 'GET /api/notifications/unread-count';
const renderHeader = (signedIn: boolean) => renderWithProviders(<SiteHeader menu={{ expanded: false, onToggle: () => {} }} />, { path: '/dashboard', session: signedIn ? TEST_USER : null });

describe('the header bell', () => {
  it('says how many notifications are unread and opens the notification centre', async () => {
    mockApi({ [COUNT]: () => json(200, { unread: 3 }) });
    renderHeader(true);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/dashboard/notifications');
    expect(bell.textContent).toBe('3');
  });

  it('is just "Notifications" with nothing unread, and absent for visitors', async () => {
    const api = mockApi({ [COUNT]: () => json(200, { unread: 0 }) });
    const { unmount } = renderHeader(true);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    unmount();
    const before = api.callsTo(COUNT).length;
    renderHeader(false);
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(api.callsTo(COUNT)).toHaveLength(before);
  });
});
