import { NOTIFICATION_MESSAGES } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

const PATH = '/dashboard/settings/notifications';
const GET = 'GET /api/notifications/preferences';
const SAVE = 'PUT /api/notifications/preferences';
const SAVED = {
  email: { orders: true, security: true, community: true, governance: false, chat: true, productNews: true },
  inApp: { orders: true, security: true, community: true, governance: true, chat: true, productNews: null },
};
const LOCKED = 'Always sent: it concerns your money or your account’s security';

describe('/dashboard/settings/notifications', () => {
  it('shows a table of categories × Email and In-app, the money and security emails locked on', async () => {
    const answer = deferred<Response>();
    mockApi({ [GET]: () => answer.promise });
    renderApp(PATH, { session: TEST_USER });
    expect(await screen.findByText('Loading your notification settings…')).toBeTruthy();
    answer.resolve(json(200, SAVED));
    const table = await screen.findByRole('table', { name: 'Notifications by category and channel' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['What', 'Email', 'In-app']);
    for (const name of ['Orders and payments by email', 'Security by email']) {
      const locked = screen.getByRole('switch', { name }) as HTMLInputElement;
      expect([locked.checked, locked.disabled]).toEqual([true, true]);
      expect(document.getElementById(locked.getAttribute('aria-describedby') ?? '')?.textContent).toBe(LOCKED);
    }
    const governance = screen.getByRole('switch', { name: 'Governance by email' }) as HTMLInputElement;
    expect([governance.checked, governance.disabled]).toEqual([false, false]);
    expect(screen.queryByRole('switch', { name: 'Product news in the app' })).toBeNull();
    const form = within(screen.getByRole('form', { name: 'Notification settings' }));
    expect(form.getByRole('link', { name: 'Subscriptions' }).getAttribute('href')).toBe('/dashboard/settings/subscriptions');
    expect(form.getByRole('link', { name: 'notification centre' }).getAttribute('href')).toBe('/dashboard/notifications');
  });

  it('saves the switchable ones and confirms', async () => {
    const api = mockApi({
      [GET]: () => json(200, SAVED),
      [SAVE]: (call) =>
        json(200, { email: { ...SAVED.email, ...(call.body as typeof SAVED).email }, inApp: { ...SAVED.inApp, ...(call.body as typeof SAVED).inApp }, message: NOTIFICATION_MESSAGES.saved }),
    });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await user.click(await screen.findByRole('switch', { name: 'Chat in the app' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect((await screen.findByText(NOTIFICATION_MESSAGES.saved)).getAttribute('role')).toBe('status');
    expect(api.callsTo(SAVE).map((c) => c.body)).toEqual([
      { email: { community: true, governance: false, productNews: true }, inApp: { orders: true, security: true, community: true, governance: true, chat: false } },
    ]);
  });
});
