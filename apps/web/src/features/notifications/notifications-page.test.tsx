import { NOTIFICATION_MESSAGES } from '@landunits/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

const item = (id: number, read: boolean) => ({
  id,
  category: 'community',
  title: `Answer ${id}`,
  body: 'The team answered.',
  link: '/dashboard/community-ideas',
  createdAt: '2026-11-20T10:00:00.000Z',
  read,
});

describe('/dashboard/notifications', () => {
  it('lists notifications, unread ones marked, loads more, and marks all as read', async () => {
    const api = mockApi({
      'GET /api/notifications': () => json(200, { notifications: [item(3, false), item(2, true)], nextBefore: 2 }),
      'GET /api/notifications?before=2': () => json(200, { notifications: [item(1, true)], nextBefore: null }),
      'POST /api/notifications/read-all': () => json(200, { message: NOTIFICATION_MESSAGES.allMarkedRead, unread: 0 }),
    });
    const { user } = renderApp('/dashboard/notifications', { session: TEST_USER });
    const unread = await screen.findByRole('link', { name: /Answer 3/ });
    expect(unread.textContent).toContain('Unread');
    expect(screen.getByRole('link', { name: /Answer 2/ }).textContent).not.toContain('Unread');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Answer 1/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.allMarkedRead)).toBeTruthy();
    expect(api.callsTo('POST /api/notifications/read-all')).toHaveLength(1);
  });

  it('says so when there is nothing yet', async () => {
    mockApi({ 'GET /api/notifications': () => json(200, { notifications: [], nextBefore: null }) });
    renderApp('/dashboard/notifications', { session: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
  });
});
