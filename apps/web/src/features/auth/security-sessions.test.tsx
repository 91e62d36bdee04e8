import { SECURITY_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';
import { OVERVIEW, PHONE_SESSION_ID, SECURITY_PATH, TABLET_SESSION_ID, testSecurityOverview, testSession } from '../../test/security-test-fixtures';

const S = SECURITY_MESSAGES;
const END_OTHERS = 'POST /api/user/security/sessions/sign-out-others';
const endOne = (id: string) => `DELETE /api/user/security/sessions/${id}`;

const THIS = testSession({ secondFactor: 'totp' });
const PHONE = testSession({ id: PHONE_SESSION_ID, current: false, device: 'Safari on iPhone', ipAddress: null, createdAt: '2026-11-10T07:00:00.000Z', lastActiveAt: '2026-11-19T21:45:00.000Z' });
const TABLET = testSession({ id: TABLET_SESSION_ID, current: false, device: 'Chrome on Android', ipAddress: '198.51.100.20', lastActiveAt: '2026-11-12T12:00:00.000Z' });

async function sessionCards() {
  const list = await screen.findByRole('list', { name: 'Sessions' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => within(item));
}

describe('/dashboard/settings/security, sessions', () => {
  it('lists each session with its device, address and dates, this device first and marked', async () => {
    mockApi({ [OVERVIEW]: () => json(200, testSecurityOverview({ sessions: [TABLET, PHONE, THIS] })) });
    renderApp(SECURITY_PATH, { session: TEST_USER });
    const [here, phone, tablet] = await sessionCards();

    expect(here!.getByRole('heading', { level: 3, name: 'Firefox on Windows' })).toBeTruthy();
    expect(here!.getByText('This device')).toBeTruthy();
    expect(here!.getByText('203.0.113.7')).toBeTruthy();
    expect(here!.getByText('Password and authenticator app')).toBeTruthy();
    expect(here!.getByText('18 Nov 2026, 08:15 UTC').getAttribute('datetime')).toBe(THIS.createdAt);
    expect(here!.getByText('20 Nov 2026, 09:30 UTC')).toBeTruthy();
    expect(here!.queryByRole('button')).toBeNull();

    // The others, the most recently active first, each with its own way out.
    expect(phone!.getByRole('heading', { name: 'Safari on iPhone' })).toBeTruthy();
    expect(phone!.queryByText('This device')).toBeNull();
    expect(phone!.getByText('Not known')).toBeTruthy();
    expect(phone!.getByText('19 Nov 2026, 21:45 UTC')).toBeTruthy();
    expect(phone!.getByRole('button', { name: /^Sign out Safari on iPhone\b/ }).textContent).toBe('Sign out');
    expect(tablet!.getByRole('heading', { name: 'Chrome on Android' })).toBeTruthy();
  });

  it('signs one other session out, says so and asks for the list again', async () => {
    let sessions = [THIS, PHONE, TABLET];
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview({ sessions })),
      [endOne(PHONE_SESSION_ID)]: () => {
        sessions = [THIS, TABLET];
        return json(200, { message: S.sessionEnded });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await sessionCards();

    await user.click(screen.getByRole('button', { name: /^Sign out Safari on iPhone\b/ }));

    expect((await screen.findByText(S.sessionEnded)).getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Safari on iPhone' })).toBeNull());
    expect(api.callsTo(endOne(PHONE_SESSION_ID))).toHaveLength(1);
    expect(api.callsTo(OVERVIEW)).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Sessions and devices' }));
  });

  it('shows the server’s message when the session had already ended, and refreshes the list', async () => {
    let sessions = [THIS, PHONE];
    mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview({ sessions })),
      [endOne(PHONE_SESSION_ID)]: () => {
        sessions = [THIS];
        return json(404, { message: S.sessionNotFound, code: 'NOT_FOUND' });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await sessionCards();
    await user.click(screen.getByRole('button', { name: /^Sign out Safari on iPhone\b/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(S.sessionNotFound);
    expect(await screen.findByText('You are signed in on this device only.')).toBeTruthy();
  });

  it('signs out every other session after a confirmation', async () => {
    let sessions = [THIS, PHONE, TABLET];
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview({ sessions })),
      [END_OTHERS]: () => {
        sessions = [THIS];
        return json(200, { message: S.otherSessionsEnded, ended: 2 });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await sessionCards();
    const ask = screen.getByRole('button', { name: 'Sign out all other sessions' });

    // Asked first; Cancel sends nothing and gives the focus back.
    await user.click(ask);
    expect(ask.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Sign out all 2 other sessions?')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, sign them out' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(ask);
    expect(api.callsTo(END_OTHERS)).toEqual([]);

    await user.click(ask);
    await user.click(screen.getByRole('button', { name: 'Yes, sign them out' }));

    expect(await screen.findByText(S.otherSessionsEnded)).toBeTruthy();
    expect(await screen.findByText('You are signed in on this device only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
    expect(api.callsTo(END_OTHERS)).toHaveLength(1);
  });
});
