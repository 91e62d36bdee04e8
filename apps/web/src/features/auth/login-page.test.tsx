import { AUTH_ANSWERS } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi, setSignedInHint } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';
import { testOverview } from '../../test/verification-fixtures';
import * as accountsStyles from './accounts.module.css';
import { sameSiteNext } from './next-path';

type User = ReturnType<typeof renderApp>['user'];

const headerLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

/** The API at sign-in: the session cookie (and its readable hint), then GET /api/user answers. */
function signInApi(redirectTo: string) {
  return mockApi({
    'POST /api/auth/login': () => {
      setSignedInHint();
      return json(200, { user: TEST_USER, redirectTo });
    },
    'GET /api/user': () => json(200, { user: TEST_USER, prices: {} }),
    // The landing page (/dashboard/settings) reads the verifications.
    'GET /api/user/verification': () => json(200, testOverview()),
  });
}

async function logIn(user: User, email = 'ada@example.com', password = 'land1234') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

async function openLogin(path = '/login') {
  const rendered = renderApp(path, { session: null });
  await screen.findByRole('heading', { level: 1, name: 'Log in' });
  return rendered;
}

describe('/login', () => {
  it('signs in, refreshes the session and goes to the landing page the API names', async () => {
    const api = signInApi('/dashboard/settings');
    const { user, location } = await openLogin();
    expect(headerLinks()).toEqual(['Contact', 'News', 'Register', 'Log in']);

    await logIn(user, ' Ada@Example.com ');

    expect(await screen.findByRole('heading', { level: 1, name: 'Update Your Profile' })).toBeTruthy();
    // The location is recorded in an effect, which can run just after the new page paints.
    await waitFor(() => expect(location.current).toBe('/dashboard/settings'));
    expect(api.callsTo('POST /api/auth/login').map((c) => c.body)).toEqual([{ email: 'ada@example.com', password: 'land1234' }]);
    expect(api.callsTo('GET /api/user')).toHaveLength(1);
    // The header turned to its signed-in variant without a reload.
    expect(headerLinks()).toEqual(['Contact', 'Dashboard', 'Logout']);
  });

  it('honours a same-site next', async () => {
    signInApi('/dashboard');
    const { user, location } = await openLogin(`/login?next=${encodeURIComponent('/dashboard/convert?from=GBP')}`);

    await logIn(user);

    await screen.findByRole('heading', { level: 1, name: 'Convert' });
    await waitFor(() => expect(location.current).toBe('/dashboard/convert?from=GBP'));
  });

  it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example'])('ignores next=%s and uses the API landing page', async (next) => {
    signInApi('/dashboard/settings');
    const { user, location } = await openLogin(`/login?next=${encodeURIComponent(next)}`);

    await logIn(user);

    await screen.findByRole('heading', { level: 1, name: 'Update Your Profile' });
    await waitFor(() => expect(location.current).toBe('/dashboard/settings'));
  });

  it("shows a 401 in red under the form, in the server's words", async () => {
    mockApi({ 'POST /api/auth/login': () => json(401, { message: AUTH_ANSWERS.invalidLogin, code: 'UNAUTHORIZED' }) });
    const { user, location } = await openLogin();

    await logIn(user, 'ada@example.com', 'wrong-pass1');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    expect(alert.className).toContain(accountsStyles.formMessageError);
    expect(location.current).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('aria-busy')).toBeNull();
  });

  it('on 403 (email not verified) offers to send the verification email again', async () => {
    const api = mockApi({
      'POST /api/auth/login': () => json(403, { message: AUTH_ANSWERS.unverified, code: 'FORBIDDEN' }),
      'POST /api/auth/send-confirmation': () => json(200, { message: AUTH_ANSWERS.confirmationSent }),
    });
    const { user } = await openLogin();
    await logIn(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Please verify your email address first');
    await user.click(screen.getByRole('button', { name: 'Send the verification email again' }));

    expect(await screen.findByText(AUTH_ANSWERS.confirmationSent)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/send-confirmation').map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('says a disabled account is disabled, and offers no verification email', async () => {
    mockApi({ 'POST /api/auth/login': () => json(403, { message: AUTH_ANSWERS.disabled, code: 'ACCOUNT_DISABLED' }) });
    const { user } = await openLogin();
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_ANSWERS.disabled);
    expect(screen.queryByRole('button', { name: 'Send the verification email again' })).toBeNull();
  });

  it('shows a 429 under the form', async () => {
    mockApi({ 'POST /api/auth/login': () => json(429, { message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' }) });
    const { user } = await openLogin();
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_ANSWERS.tooMany);
  });

  it('validates before sending and links to the forgotten-password and register pages', async () => {
    const api = mockApi({});
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(screen.getByText('Email is Required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.calls.filter((c) => c.url !== '/api/user')).toEqual([]);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/login-forgot');
    expect(main.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });

  it('never sends twice while the first attempt is on its way', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'POST /api/auth/login': () => answer.promise });
    const { user } = await openLogin();
    await logIn(user);
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('aria-disabled')).toBe('true');
    answer.resolve(json(401, { message: AUTH_ANSWERS.invalidLogin, code: 'UNAUTHORIZED' }));
    await screen.findByRole('alert');
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(1);
  });
});

describe('sameSiteNext', () => {
  const origin = window.location.origin;
  it.each([
    ['/dashboard/convert', '/dashboard/convert'],
    ['/dashboard/buy-units/payment-bank?orderId=01J9#top', '/dashboard/buy-units/payment-bank?orderId=01J9#top'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['dashboard', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['https://evil.example/x', '/dashboard'],
    [`${origin}/dashboard`, '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
  ])('%j → %s', (next, expected) => {
    expect(sameSiteNext(next, '/dashboard')).toBe(expected);
  });
});

describe('/logout', () => {
  it('signs out, forgets the session and lands on /login with the signed-out header', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'POST /api/auth/logout': () => answer.promise });
    const { location } = renderApp('/logout', { session: TEST_USER });

    expect(await screen.findByRole('heading', { level: 1, name: 'Signing you out…' })).toBeTruthy();
    expect(headerLinks()).toEqual(['Contact', 'Dashboard', 'Logout']);
    answer.resolve(json(200, { message: AUTH_ANSWERS.loggedOut }));

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(location.current).toBe('/login');
    expect(headerLinks()).toEqual(['Contact', 'News', 'Register', 'Log in']);
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it('treats a 401 (already signed out) as done', async () => {
    mockApi({ 'POST /api/auth/logout': () => json(401, { message: 'Please log in', code: 'UNAUTHORIZED' }) });
    const { location } = renderApp('/logout', { session: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(location.current).toBe('/login');
  });

  it('says so when the server cannot be reached, and can try again', async () => {
    let fail = true;
    mockApi({
      'POST /api/auth/logout': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return json(200, { message: AUTH_ANSWERS.loggedOut });
      },
    });
    const { user, location } = renderApp('/logout', { session: TEST_USER });

    expect((await screen.findByRole('alert')).textContent).toBe('Network Error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await waitFor(() => expect(location.current).toBe('/login'));
  });

  it('sends a signed-out visitor of /logout to /login, without coming back to /logout', async () => {
    const { location } = renderApp('/logout', { session: null });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(location.current).toBe('/login');
  });
});
