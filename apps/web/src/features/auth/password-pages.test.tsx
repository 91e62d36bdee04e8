import { AUTH_ANSWERS, MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const TOKEN = 'r'.repeat(43);

describe('/login-forgot', () => {
  it("shows the server's answer in a success panel with a way back to log in", async () => {
    const api = mockApi({ 'POST /api/auth/login/forgot': () => json(200, { message: AUTH_ANSWERS.forgotSent }) });
    const { user } = renderApp('/login-forgot', { session: null });
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });

    await user.type(screen.getByLabelText('Email'), 'Ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));

    const status = (await screen.findByText(AUTH_ANSWERS.forgotSent)).closest('[role="status"]');
    expect(status).toBeTruthy();
    const heading = screen.getByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST /api/auth/login/forgot').map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);

    await user.click(screen.getByRole('button', { name: 'Send another link' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('checks the address first', async () => {
    const { user } = renderApp('/login-forgot', { session: null });
    await user.click(await screen.findByRole('button', { name: 'Send the reset link' }));
    expect(screen.getByText('Email is Required')).toBeTruthy();
  });

  it('shows a 429 under the form', async () => {
    mockApi({ 'POST /api/auth/login/forgot': () => json(429, { message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' }) });
    const { user } = renderApp('/login-forgot', { session: null });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_ANSWERS.tooMany);
  });
});

describe('/login/reset', () => {
  it('checks the link while showing progress, then says it is invalid with a way to a new one', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [`GET /api/auth/verify_password_token/${TOKEN}`]: () => answer.promise });
    renderApp(`/login/reset?token=${TOKEN}`, { session: null });

    expect(await screen.findByText('Checking your reset link…')).toBeTruthy();
    answer.resolve(json(400, { message: MESSAGES.tokenInvalid, code: 'BAD_REQUEST' }));

    expect(await screen.findByRole('heading', { name: 'This reset link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.tokenInvalid);
    expect(screen.getByRole('link', { name: 'Get a new reset link' }).getAttribute('href')).toBe('/login-forgot');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(api.calls.map((c) => c.url)).toEqual([`/api/auth/verify_password_token/${TOKEN}`]);
  });

  it('without a token is invalid at once', async () => {
    const api = mockApi({});
    renderApp('/login/reset', { session: null });
    expect(await screen.findByRole('heading', { name: 'This reset link does not work' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('sets the new password and shows the success with a link to log in', async () => {
    const api = mockApi({
      [`GET /api/auth/verify_password_token/${TOKEN}`]: () => json(200, { valid: true }),
      [`POST /api/auth/login/reset/${TOKEN}`]: () => json(200, { message: AUTH_ANSWERS.passwordReset }),
    });
    const { user } = renderApp(`/login/reset?token=${TOKEN}`, { session: null });

    await user.type(await screen.findByLabelText('New password'), 'newland99');
    await user.type(screen.getByLabelText('Confirm new password'), 'newland98');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByText('Passwords must match')).toBeTruthy();
    expect(api.callsTo(`POST /api/auth/login/reset/${TOKEN}`)).toEqual([]);

    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}9');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText(AUTH_ANSWERS.passwordReset)).toBeTruthy();
    const login = within(screen.getByRole('main')).getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/login');
    await waitFor(() => expect(document.activeElement).toBe(login));
    expect(api.callsTo(`POST /api/auth/login/reset/${TOKEN}`).map((c) => c.body)).toEqual([{ password: 'newland99' }]);
  });

  it('says so when the link expired between the check and the submit', async () => {
    mockApi({
      [`GET /api/auth/verify_password_token/${TOKEN}`]: () => json(200, { valid: true }),
      [`POST /api/auth/login/reset/${TOKEN}`]: () => json(400, { message: MESSAGES.tokenInvalid, code: 'BAD_REQUEST' }),
    });
    const { user } = renderApp(`/login/reset?token=${TOKEN}`, { session: null });
    await user.type(await screen.findByLabelText('New password'), 'newland99');
    await user.type(screen.getByLabelText('Confirm new password'), 'newland99');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tokenInvalid);
    expect(screen.getByRole('link', { name: 'Get a new reset link' }).getAttribute('href')).toBe('/login-forgot');
  });
});
