import { SECURITY_MESSAGES } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_CANCELLED } from '../../shared/lib/passkeys';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';
import { OVERVIEW, SECURITY_PATH, testRecoveryCodes, testSecurityOverview } from '../../test/security-test-fixtures';

const S = SECURITY_MESSAGES;
const ID = '0a4f7f2e-4e2b-4c57-9d55-6f3f0b3e9a10';
const PASSKEY = { id: ID, name: 'Work laptop', createdAt: '2026-11-18T08:15:00.000Z', lastUsedAt: null, synced: true };
const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Land Units' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [],
};

/** A browser with passkeys whose navigator.credentials.create answers `create`. */
function browserWithPasskeys(create: () => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', class {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create: vi.fn(create), get: vi.fn() } });
}

/** What navigator.credentials.create gives: ArrayBuffers the library turns into WebAuthn's JSON. */
const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const credential = () => ({
  id: 'Y3JlZA',
  rawId: bytes('cred'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: bytes('{}'), attestationObject: bytes('att'), getTransports: () => ['internal'] },
  getClientExtensionResults: () => ({}),
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dashboard/settings/security: passkeys', () => {
  it('lists passkeys with their dates, renames one and removes one with the password', async () => {
    let overview = testSecurityOverview({ passkeys: [PASSKEY], recoveryCodesLeft: 10 });
    const api = mockApi({
      [OVERVIEW]: () => json(200, overview),
      [`PATCH /api/user/security/passkeys/${ID}`]: () => {
        overview = testSecurityOverview({ passkeys: [{ ...PASSKEY, name: 'Home laptop' }], recoveryCodesLeft: 10 });
        return json(200, { message: S.passkeyRenamed });
      },
      [`POST /api/user/security/passkeys/${ID}/remove`]: () => {
        overview = testSecurityOverview();
        return json(200, { message: S.passkeyRemoved });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    const section = within(await screen.findByRole('region', { name: 'Passkeys' }));
    const item = within(section.getByRole('list', { name: 'Your passkeys' })).getByRole('listitem');
    expect(item.textContent).toContain('Work laptop');
    expect(item.textContent).toContain('Synced');
    expect(item.textContent).toContain('Added 18 Nov 2026 · Not used yet');

    await user.click(section.getByRole('button', { name: 'Rename Work laptop' }));
    const rename = screen.getByRole('form', { name: 'Rename Work laptop' });
    const field = within(rename).getByLabelText('New name');
    await user.clear(field);
    await user.type(field, 'Home laptop');
    await user.click(within(rename).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(S.passkeyRenamed)).toBeTruthy();
    expect(await screen.findByText('Home laptop')).toBeTruthy();
    expect(api.callsTo(`PATCH /api/user/security/passkeys/${ID}`).map((c) => c.body)).toEqual([{ name: 'Home laptop' }]);
    // Focus comes back to the button that opened the form, after saving and after Cancel.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Home laptop' }));
    await user.click(screen.getByRole('button', { name: 'Remove Home laptop' }));
    await user.click(within(screen.getByRole('form', { name: 'Remove Home laptop' })).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Home laptop' }));

    await user.click(screen.getByRole('button', { name: 'Remove Home laptop' }));
    const remove = screen.getByRole('form', { name: 'Remove Home laptop' });
    expect(within(remove).getByText(/will no longer sign you in/)).toBeTruthy();
    await user.type(within(remove).getByLabelText('Current password'), 'garden42');
    await user.click(within(remove).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText(S.passkeyRemoved)).toBeTruthy();
    expect(api.callsTo(`POST /api/user/security/passkeys/${ID}/remove`).map((c) => c.body)).toEqual([{ password: 'garden42' }]);
    expect(screen.queryByRole('list', { name: 'Your passkeys' })).toBeNull();
  });

  it('adds a passkey: name and password, the browser makes it, and the first one shows recovery codes once', async () => {
    browserWithPasskeys(async () => credential());
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview()),
      'POST /api/user/security/passkeys/options': () => json(200, OPTIONS),
      'POST /api/user/security/passkeys': () => json(200, { message: S.passkeyAdded, passkey: { id: ID, name: 'Work laptop' }, recoveryCodes: testRecoveryCodes() }),
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    const name = within(form).getByLabelText('Passkey name');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.type(within(form).getByLabelText('Current password'), 'garden42');
    await user.click(within(form).getByRole('button', { name: 'Add passkey' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(screen.getByText(S.passkeyAdded)).toBeTruthy();
    const [sent] = api.callsTo('POST /api/user/security/passkeys').map((c) => c.body as { name: string; password: string; answer: { id: string; type: string } });
    expect(sent).toMatchObject({ name: 'Work laptop', password: 'garden42', answer: { id: 'Y3JlZA', type: 'public-key' } });
    expect(api.callsTo('POST /api/user/security/passkeys/options').map((c) => c.body)).toEqual([{ password: 'garden42' }]);
  });

  it('says a wrong password under the field before the browser is asked for a passkey', async () => {
    const create = vi.fn(async () => credential());
    browserWithPasskeys(create);
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview()),
      'POST /api/user/security/passkeys/options': () => json(400, { code: 'VALIDATION_FAILED', message: S.passwordWrong, errors: { password: S.passwordWrong } }),
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await user.type(within(form).getByLabelText('Current password'), 'not-it-1');
    await user.click(within(form).getByRole('button', { name: 'Add passkey' }));
    expect(await within(form).findByText(S.passwordWrong)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    expect(api.callsTo('POST /api/user/security/passkeys')).toEqual([]);
  });

  it('says so when the person closes the browser’s prompt, and sends nothing', async () => {
    browserWithPasskeys(async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    const api = mockApi({ [OVERVIEW]: () => json(200, testSecurityOverview()), 'POST /api/user/security/passkeys/options': () => json(200, OPTIONS) });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await user.type(within(form).getByLabelText('Current password'), 'garden42');
    await user.click(within(form).getByRole('button', { name: 'Add passkey' }));
    expect(await screen.findByText(PASSKEY_CANCELLED)).toBeTruthy();
    expect(api.callsTo('POST /api/user/security/passkeys')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a passkey' }));
  });

  it('tells a browser without passkeys that it cannot add one', async () => {
    mockApi({ [OVERVIEW]: () => json(200, testSecurityOverview()) });
    renderApp(SECURITY_PATH, { session: TEST_USER });
    expect(await screen.findByText(/This browser cannot use passkeys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
