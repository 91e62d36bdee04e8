import { SECURITY_MESSAGES } from '@landunits/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const TOKEN = 'n'.repeat(43);
const POST = `POST /api/auth/not-me/${TOKEN}`;

describe('/account/not-me', () => {
  it('says what will happen and acts only when the button is pressed', async () => {
    const api = mockApi({ [POST]: () => json(200, { message: SECURITY_MESSAGES.notMeDone }) });
    const { user } = renderApp(`/account/not-me?token=${TOKEN}`, { session: null });
    expect(await screen.findByRole('heading', { name: 'Was a new sign-in not you?' })).toBeTruthy();
    expect(screen.getByText('lock sales, transfers and payouts until you reset your password;')).toBeTruthy();
    expect(api.callsTo(POST)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere and lock my account' }));
    const heading = await screen.findByRole('heading', { name: 'Your account is locked' });
    expect(screen.getByText(SECURITY_MESSAGES.notMeDone).getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(api.callsTo(POST)).toHaveLength(1);
  });

  it('shows the server’s refusal of a used link under the button', async () => {
    mockApi({ [POST]: () => json(400, { message: SECURITY_MESSAGES.notMeLinkInvalid, code: 'TOKEN_INVALID' }) });
    const { user } = renderApp(`/account/not-me?token=${TOKEN}`, { session: null });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere and lock my account' }));
    expect(await screen.findByText(SECURITY_MESSAGES.notMeLinkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'forgotten password page' }).getAttribute('href')).toBe('/login-forgot');
    expect(screen.queryByRole('heading', { name: 'Your account is locked' })).toBeNull();
  });

  it('without a token says the link does not work and offers the forgotten password page', async () => {
    const api = mockApi({});
    renderApp('/account/not-me', { session: null });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(SECURITY_MESSAGES.notMeLinkInvalid);
    expect(screen.getByRole('link', { name: 'forgotten password page' }).getAttribute('href')).toBe('/login-forgot');
    expect(api.callsTo(POST)).toEqual([]);
  });
});
