import { AUTH_ANSWERS, findRoute, MESSAGES, UTM_COOKIE } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { deferred, json, mockApi, setSignedInHint } from '../../test/api-mock';
import { renderWithProviders, TEST_USER } from '../../test/render-app';
import { testOverview } from '../../test/verification-fixtures';

/** Like the browser: React's StrictMode runs every effect twice in development. */
function renderStrict(path: string) {
  return renderWithProviders(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
    { path, session: null },
  );
}

describe('/account/confirm', () => {
  it('posts the token once with the tracking data, signs in and goes to redirectTo', async () => {
    document.cookie = `${UTM_COOKIE}=${encodeURIComponent(JSON.stringify({ utm_source: 'newsletter', utm_campaign: 'spring' }))}; Path=/`;
    document.cookie = 'hubspotutk=7c3a9e0f; Path=/';
    const answer = deferred<Response>();
    const api = mockApi({
      'POST /api/auth/confirmation': () => answer.promise,
      'GET /api/user': () => json(200, { user: { ...TEST_USER, firstLogin: false }, prices: {} }),
      'GET /api/user/verification': () => json(200, testOverview()),
    });
    const { location } = renderStrict('/account/confirm?token=token-one');

    expect(await screen.findByText('Confirming your email address…')).toBeTruthy();
    setSignedInHint();
    answer.resolve(json(200, { message: AUTH_ANSWERS.confirmed, user: { ...TEST_USER, firstLogin: true }, redirectTo: '/dashboard/settings' }));

    // The API cleared the first-login flag as it signed Ada in; the page still knows she just arrived.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(location.current).toBe('/dashboard/settings');
    const posts = api.callsTo('POST /api/auth/confirmation');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      token: 'token-one',
      hubspotMetaData: {
        hutk: '7c3a9e0f',
        pageUri: window.location.href,
        pageName: findRoute('/account/confirm').title,
        utmParams: { utm_source: 'newsletter', utm_campaign: 'spring' },
      },
    });
    // Signed in: the header has its signed-in links.
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Logout' })).toBeTruthy();
  });

  it('leaves out hutk when there is no tracker cookie and sends empty utmParams', async () => {
    const api = mockApi({
      'POST /api/auth/confirmation': () => {
        setSignedInHint();
        return json(200, { message: AUTH_ANSWERS.confirmed, user: TEST_USER, redirectTo: '/dashboard' });
      },
      'GET /api/user': () => json(200, { user: TEST_USER }),
    });
    const { location } = renderStrict('/account/confirm?token=token-two');

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(location.current).toBe('/dashboard');
    const meta = (api.callsTo('POST /api/auth/confirmation')[0]?.body as { hubspotMetaData: Record<string, unknown> }).hubspotMetaData;
    expect(meta).not.toHaveProperty('hutk');
    expect(meta.utmParams).toEqual({});
  });

  it('shows a designed error on 400, with a link to register and a resend form', async () => {
    const api = mockApi({
      'POST /api/auth/confirmation': () => json(400, { message: MESSAGES.tokenInvalid, code: 'BAD_REQUEST' }),
      'POST /api/auth/send-confirmation': () => json(200, { message: AUTH_ANSWERS.confirmationSent }),
    });
    const { user, location } = renderStrict('/account/confirm?token=token-three');

    expect(await screen.findByRole('heading', { level: 1, name: 'We could not confirm your account' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull(); // a used link stays used
    expect(api.callsTo('POST /api/auth/confirmation')).toHaveLength(1);

    const form = within(screen.getByRole('form', { name: 'Send me a new link' }));
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.click(form.getByRole('button', { name: 'Resend the confirmation email' }));

    expect(await screen.findByText(AUTH_ANSWERS.confirmationSent)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/send-confirmation').map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
    expect(location.current).toBe('/account/confirm?token=token-three');
  });

  it('without a token says the link is invalid and posts nothing', async () => {
    const api = mockApi({});
    renderStrict('/account/confirm');

    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('offers to try again after a network failure, posting again only then', async () => {
    let online = false;
    const api = mockApi({
      'POST /api/auth/confirmation': () => {
        if (!online) throw new TypeError('Failed to fetch');
        setSignedInHint();
        return json(200, { message: AUTH_ANSWERS.confirmed, user: TEST_USER, redirectTo: '/dashboard' });
      },
      'GET /api/user': () => json(200, { user: TEST_USER }),
    });
    const { user } = renderStrict('/account/confirm?token=token-four');

    expect(await screen.findByText('Network Error')).toBeTruthy();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(api.callsTo('POST /api/auth/confirmation')).toHaveLength(2);
  });
});
