import { SECURITY_MESSAGES } from '@landunits/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, setSignedInHint } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';
import { testOverview } from '../../test/verification-fixtures';

type User = ReturnType<typeof renderApp>['user'];

const LOGIN = 'POST /api/auth/login';
const SECOND = 'POST /api/auth/login/second-factor';
const S = SECURITY_MESSAGES;

/** The password was right and the account has an authenticator app: the second step, then signed in. */
function twoStepApi(second: (body: unknown) => Response = () => signedIn('/dashboard/settings')) {
  return mockApi({
    [LOGIN]: () => json(200, { secondFactor: { methods: ['totp', 'recovery'] } }),
    [SECOND]: (call) => second(call.body),
    'GET /api/user': () => json(200, { user: TEST_USER, prices: {} }),
    'GET /api/user/verification': () => json(200, testOverview()),
  });
}

function signedIn(redirectTo: string) {
  setSignedInHint();
  return json(200, { user: TEST_USER, redirectTo });
}

async function passwordStep(user: User, email = 'ada@example.com') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'land1234');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { level: 2, name: 'Confirm it’s you' });
}

describe('/login, second step', () => {
  it('asks for the authenticator code after the password, then signs in like a password-only sign-in', async () => {
    const api = twoStepApi();
    const { user, location } = renderApp('/login', { session: null });
    await passwordStep(user, ' Ada@Example.com ');

    // Not signed in yet: the session is asked only after the second step.
    expect(api.callsTo('GET /api/user')).toEqual([]);
    const code = screen.getByLabelText('Authenticator code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.queryByLabelText('Password')).toBeNull();

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Update Your Profile' })).toBeTruthy();
    await waitFor(() => expect(location.current).toBe('/dashboard/settings'));
    expect(api.callsTo(SECOND).map((c) => c.body)).toEqual([{ method: 'totp', code: '123456' }]);
    expect(api.callsTo('GET /api/user')).toHaveLength(1);
  });

  it('takes a recovery code instead, and honours a same-site next', async () => {
    const api = twoStepApi(() => signedIn('/dashboard'));
    const { user, location } = renderApp(`/login?next=${encodeURIComponent('/dashboard/settings/change-password')}`, { session: null });
    await passwordStep(user);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(document.activeElement).toBe(recovery));
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    // And back again.
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));

    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH JKMN-PQRS');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    await waitFor(() => expect(location.current).toBe('/dashboard/settings/change-password'));
    expect(api.callsTo(SECOND).map((c) => c.body)).toEqual([{ method: 'recovery', code: 'abcdefghjkmnpqrs' }]);
  });

  it('checks the code before sending it', async () => {
    const api = twoStepApi();
    const { user } = renderApp('/login', { session: null });
    await passwordStep(user);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText(S.codeRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Authenticator code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText(S.codeRequired)).toBeTruthy();
    expect(api.callsTo(SECOND)).toEqual([]);
  });

  it('shows a wrong code in the server’s words and stays on the step', async () => {
    const api = twoStepApi(() => json(401, { message: S.codeWrong, code: 'UNAUTHORIZED', errors: { code: S.codeWrong } }));
    const { user, location } = renderApp('/login', { session: null });
    await passwordStep(user);

    await user.type(screen.getByLabelText('Authenticator code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // Once, under the field it is about (not repeated under the form).
    await waitFor(() => expect(screen.getAllByText(S.codeWrong)).toHaveLength(1));
    expect(screen.getByLabelText('Authenticator code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Confirm it’s you' })).toBeTruthy();
    expect(location.current).toBe('/login');
    expect(api.callsTo('GET /api/user')).toEqual([]);
  });

  it('goes back to the password step, email kept, when the second step has timed out', async () => {
    const api = twoStepApi(() => json(401, { message: S.signInExpired, code: 'SIGN_IN_EXPIRED' }));
    const { user } = renderApp('/login', { session: null });
    await passwordStep(user);

    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByRole('alert')).textContent).toBe(S.signInExpired);
    expect(screen.queryByRole('heading', { name: 'Confirm it’s you' })).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));

    // Signing in again starts over at the password.
    await user.type(password, 'land1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { level: 2, name: 'Confirm it’s you' });
    expect(api.callsTo(LOGIN).map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'land1234' },
      { email: 'ada@example.com', password: 'land1234' },
    ]);
  });

  it('starts again from the password step on request', async () => {
    twoStepApi();
    const { user } = renderApp('/login', { session: null });
    await passwordStep(user);

    await user.click(screen.getByRole('button', { name: 'Start again' }));

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
