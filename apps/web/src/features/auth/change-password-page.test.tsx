import { ACCOUNT_MESSAGES } from '@landunits/domain';
import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

const PATH = '/dashboard/settings/change-password';
const URL = 'POST /api/user/update_user_password';
const A = ACCOUNT_MESSAGES;

async function fill(user: ReturnType<typeof renderApp>['user'], current: string, next: string, confirm: string) {
  if (current) await user.type(await screen.findByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/dashboard/settings/change-password', () => {
  it('shows the SPEC messages under their fields before sending anything', async () => {
    const api = mockApi({});
    const { user } = renderApp(PATH, { session: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText(A.passwordRequired)).toHaveLength(2);
    expect(screen.getByText(A.confirmRequired)).toBeTruthy();

    const next = screen.getByLabelText('New password');
    await user.type(next, 'short');
    await user.tab();
    expect(await screen.findByText(A.passwordMin)).toBeTruthy();
    await user.clear(next);
    await user.type(next, 'meadow2026');
    expect(screen.getByText(A.passwordUppercase)).toBeTruthy();
    await user.clear(next);
    await user.type(next, 'MeadowGreen');
    expect(screen.getByText(A.passwordNumber)).toBeTruthy();
    // The error is tied to its field.
    const error = screen.getByText(A.passwordNumber);
    expect(next.getAttribute('aria-describedby')).toContain(error.id);
    expect(next.getAttribute('aria-invalid')).toBe('true');

    await user.clear(next);
    await user.type(next, 'Meadow2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Meadow2027');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText(A.passwordsMatch)).toBeTruthy();
    expect(api.callsTo(URL)).toEqual([]);
  });

  it('shows and hides each password with its own button', async () => {
    mockApi({});
    const { user } = renderApp(PATH, { session: TEST_USER });
    const current = await screen.findByLabelText('Current password');
    expect(current.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show current password' });
    await user.click(toggle);
    expect(current.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hide current password' })).toBe(toggle);
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('password');
    await user.click(toggle);
    expect(current.getAttribute('type')).toBe('password');
  });

  it('sends the three fields, shows progress, then says other devices were signed out', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [URL]: () => answer.promise });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await fill(user, 'garden42', 'Meadow2026', 'Meadow2026');
    expect(screen.getByRole('button', { name: 'Change password' }).getAttribute('aria-busy')).toBe('true');
    answer.resolve(json(200, { message: ACCOUNT_SETTINGS_ANSWERS.passwordChanged }));
    const heading = await screen.findByRole('heading', { name: 'Password changed' });
    expect(screen.getByText(ACCOUNT_SETTINGS_ANSWERS.passwordChanged)).toBeTruthy();
    expect(ACCOUNT_SETTINGS_ANSWERS.passwordChanged).toContain('signed out');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(api.callsTo(URL).map((c) => c.body)).toEqual([{ currentPassword: 'garden42', newPassword: 'Meadow2026', confirmPassword: 'Meadow2026' }]);
  });

  it('puts the server’s field errors under their fields', async () => {
    mockApi({
      [URL]: () => json(400, { message: A.currentPasswordWrong, code: 'VALIDATION_FAILED', errors: { currentPassword: A.currentPasswordWrong } }),
    });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await fill(user, 'garden43', 'Meadow2026', 'Meadow2026');
    const error = await screen.findByText(A.currentPasswordWrong);
    const current = screen.getByLabelText('Current password');
    expect(current.getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a 429 under the form', async () => {
    mockApi({ [URL]: () => json(429, { message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' }) });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await fill(user, 'garden42', 'Meadow2026', 'Meadow2026');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
  });
});
