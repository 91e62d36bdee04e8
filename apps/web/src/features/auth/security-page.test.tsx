import { SECURITY_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_ADMIN, TEST_USER } from '../../test/render-app';
import { OVERVIEW, SECURITY_PATH, testRecoveryCodes, testSecurityOverview, withTotp } from '../../test/security-test-fixtures';
import * as securityStyles from './security.module.css';

const SETUP = 'POST /api/user/security/totp/setup';
const CONFIRM = 'POST /api/user/security/totp';
const REMOVE = 'POST /api/user/security/totp/remove';
const NEW_CODES = 'POST /api/user/security/recovery-codes';
const S = SECURITY_MESSAGES;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><script>window.hacked = true</script><path d="M0 0h7v7H0z"/></svg>';

type User = ReturnType<typeof renderApp>['user'];

const section = async (name: string) => within(await screen.findByRole('region', { name }));

async function codeAndPassword(user: User, form: HTMLElement, submit: string, code = '123 456', password = 'garden42') {
  await user.type(within(form).getByLabelText(/^Code from the app/), code);
  await user.type(within(form).getByLabelText('Current password'), password);
  await user.click(within(form).getByRole('button', { name: submit }));
}

/** jsdom's Blob has no text(): read it the older way. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let saved: Blob[];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:codes')), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('/dashboard/settings/security', () => {
  it('sets up the authenticator app: QR code and key, a first code with the password, then the recovery codes once', async () => {
    let overview = testSecurityOverview();
    const codes = testRecoveryCodes();
    const api = mockApi({
      [OVERVIEW]: () => json(200, overview),
      [SETUP]: () => json(200, { secret: SECRET, otpauthUrl: `otpauth://totp/Land%20Units:ada%40example.com?secret=${SECRET}&issuer=Land%20Units`, qrCodeSvg: SVG }),
      [CONFIRM]: () => {
        overview = withTotp(10);
        return json(200, { message: S.totpSet, recoveryCodes: codes });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    const app = await section('Authenticator app');
    expect(app.getByText('Off')).toBeTruthy();
    expect((await section('Recovery codes')).getByText(/You get 10 recovery codes when you add a passkey or set up an authenticator app/)).toBeTruthy();

    await user.click(app.getByRole('button', { name: 'Set up' }));

    const heading = await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The SVG is drawn as an image: nothing in it runs.
    const qr = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Key copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Checked with the shared schema before anything is sent.
    const form = screen.getByRole('form', { name: 'Confirm your authenticator app' });
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(within(form).getByText(S.codeRequired)).toBeTruthy();
    expect(within(form).getByText(S.passwordRequired)).toBeTruthy();
    expect(api.callsTo(CONFIRM)).toEqual([]);

    await codeAndPassword(user, form, 'Confirm');

    const saveHeading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(saveHeading));
    expect(api.callsTo(CONFIRM).map((c) => c.body)).toEqual([{ code: '123456', password: 'garden42' }]);
    expect(screen.getByText(S.totpSet)).toBeTruthy();
    expect(screen.getByText('These codes will not be shown again.')).toBeTruthy();
    const shown = within(screen.getByRole('list', { name: 'Recovery codes' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toHaveLength(10);
    expect(shown[0]).toBe('abcd-efgh-jkmn-pq2r');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Codes copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(shown.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Download as text file' }));
    expect(saved).toHaveLength(1);
    const text = await readText(saved[0]!);
    expect(text).toContain('Land Units recovery codes for ada@example.com');
    for (const code of shown) expect(text).toContain(code!);

    // The overview was asked again; once Done, the codes are gone for good.
    await waitFor(() => expect(api.callsTo(OVERVIEW)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await (await section('Authenticator app')).findByText('On since 02 Nov 2026.')).toBeTruthy();
    expect((await section('Recovery codes')).getByText('10 of 10 recovery codes left.')).toBeTruthy();
  });

  it('shows the server’s field messages under their fields', async () => {
    mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview()),
      [SETUP]: () => json(200, { secret: SECRET, otpauthUrl: `otpauth://totp/x?secret=${SECRET}`, qrCodeSvg: SVG }),
      [CONFIRM]: () => json(400, { message: S.passwordWrong, code: 'VALIDATION_FAILED', errors: { password: S.passwordWrong } }),
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await codeAndPassword(user, await screen.findByRole('form', { name: 'Confirm your authenticator app' }), 'Confirm');
    const error = await screen.findByText(S.passwordWrong);
    expect(screen.getByLabelText('Current password').getAttribute('aria-describedby')).toContain(error.id);
  });

  it('says how many recovery codes are left, warns at three or fewer, and makes new ones', async () => {
    let overview = withTotp(2);
    const api = mockApi({
      [OVERVIEW]: () => json(200, overview),
      [NEW_CODES]: () => {
        overview = withTotp(10);
        return json(200, { message: S.recoveryCodesMade, recoveryCodes: testRecoveryCodes('s') });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    const codes = within(await screen.findByRole('region', { name: 'Recovery codes' }));
    expect(codes.getByText('2 of 10 recovery codes left.').closest('p')?.className).toBe(securityStyles.securityWarning);
    expect(codes.getByText(/Make new codes soon/)).toBeTruthy();

    await user.click(codes.getByRole('button', { name: 'Make new codes' }));
    const form = screen.getByRole('form', { name: 'Make new recovery codes' });
    expect(within(form).getByText(/the ones you have now stop working/)).toBeTruthy();
    await codeAndPassword(user, form, 'Make new codes');

    expect(await screen.findByText(S.recoveryCodesMade)).toBeTruthy();
    expect(screen.getByText('abcd-efgh-jkmn-pq2s')).toBeTruthy();
    expect(api.callsTo(NEW_CODES).map((c) => c.body)).toEqual([{ code: '123456', password: 'garden42' }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeTruthy();
  });

  it('removes the app after a code and the password, having said the recovery codes stop working', async () => {
    let overview = withTotp(8);
    const api = mockApi({
      [OVERVIEW]: () => json(200, overview),
      [REMOVE]: () => {
        overview = testSecurityOverview({ moneyHold: { reason: 'second-factor-removed', startedAt: '2099-11-24T14:05:00.000Z', until: '2099-11-26T14:05:00.000Z' } });
        return json(200, { message: S.totpRemoved });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    await user.click(await (await section('Authenticator app')).findByRole('button', { name: 'Remove' }));
    const form = screen.getByRole('form', { name: 'Remove your authenticator app' });
    expect(within(form).getByText(/your recovery codes will stop working\. Your sales, transfers and payouts will then wait 48 hours/)).toBeTruthy();
    await codeAndPassword(user, form, 'Remove authenticator app');

    expect((await screen.findByText(S.totpRemoved)).getAttribute('role')).toBe('status');
    expect(await (await section('Authenticator app')).findByText('Off')).toBeTruthy();
    expect(screen.getByText(/^Sales and transfers are paused until 26 Nov 2099, 14:05 UTC because a second factor was removed from your account\./)).toBeTruthy();
    expect(api.callsTo(REMOVE).map((c) => c.body)).toEqual([{ code: '123456', password: 'garden42' }]);
  });

  it('tells an admin to set up the app, then opens the way to the admin area', async () => {
    let overview = testSecurityOverview({ adminNeedsSecondFactor: true });
    mockApi({
      [OVERVIEW]: () => json(200, overview),
      [SETUP]: () => json(200, { secret: SECRET, otpauthUrl: `otpauth://totp/x?secret=${SECRET}`, qrCodeSvg: SVG }),
      [CONFIRM]: () => {
        overview = withTotp(10);
        return json(200, { message: S.totpSet, recoveryCodes: testRecoveryCodes() });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_ADMIN });
    const notice = within(await screen.findByRole('region', { name: 'Administrators need a passkey or an authenticator app' }));
    expect(notice.getByText(S.adminSecondFactor)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the admin area' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Set up' }));
    await codeAndPassword(user, await screen.findByRole('form', { name: 'Confirm your authenticator app' }), 'Confirm');

    const ready = within(await screen.findByRole('region', { name: 'You can use the admin area now' }));
    expect(ready.getByRole('link', { name: 'Go to the admin area' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('region', { name: 'Administrators need a passkey or an authenticator app' })).toBeNull();
    // Beside Done under the codes too.
    expect(screen.getAllByRole('link', { name: 'Go to the admin area' })).toHaveLength(2);
  });

  it('tells an admin whose app is on but whose session is not confirmed to sign in again with it', async () => {
    mockApi({ [OVERVIEW]: () => json(200, withTotp(9, { adminNeedsSecondFactor: true })) });
    renderApp(SECURITY_PATH, { session: TEST_ADMIN });
    const notice = within(await screen.findByRole('region', { name: 'Administrators need a passkey or an authenticator app' }));
    expect(notice.getByText(/this session was not confirmed with it/)).toBeTruthy();
    expect(notice.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    mockApi({ [OVERVIEW]: () => (fail ? json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) : json(200, testSecurityOverview())) });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'We could not load your security settings' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Authenticator app' })).toBeTruthy();
  });
});
