import { EMAIL_CATEGORY_LABELS } from '@landunits/domain';
import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

const PATH = '/dashboard/settings/subscriptions';
const GET = 'GET /api/user/subscriptions';
const SAVE = 'POST /api/user/manage-user-subscriptions';
const SAVED = { newsletter: false, productNews: true, governance: true, community: true };

describe('/dashboard/settings/subscriptions', () => {
  it('shows a loading state, then a labelled switch per category with its hint', async () => {
    const answer = deferred<Response>();
    mockApi({ [GET]: () => answer.promise });
    renderApp(PATH, { session: TEST_USER });
    expect(await screen.findByText('Loading your email preferences…')).toBeTruthy();
    answer.resolve(json(200, SAVED));
    for (const [key, { label, hint }] of Object.entries(EMAIL_CATEGORY_LABELS)) {
      const control = await screen.findByRole('switch', { name: label });
      expect((control as HTMLInputElement).checked).toBe(SAVED[key as keyof typeof SAVED]);
      expect(screen.getByText(hint).id).toBe(control.getAttribute('aria-describedby'));
    }
    expect(screen.getByText(/orders and your account’s security .* are always sent/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save preferences' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the choices and confirms with the server’s message', async () => {
    const wanted = { newsletter: true, productNews: true, governance: false, community: true };
    const api = mockApi({ [GET]: () => json(200, SAVED), [SAVE]: () => json(200, { ...wanted, message: ACCOUNT_SETTINGS_ANSWERS.subscriptionsSaved }) });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await user.click(await screen.findByRole('switch', { name: 'Newsletter' }));
    // Keyboard: Space toggles the focused switch.
    screen.getByRole('switch', { name: 'Governance' }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    const status = await screen.findByText(ACCOUNT_SETTINGS_ANSWERS.subscriptionsSaved);
    expect(status.getAttribute('role')).toBe('status');
    expect(api.callsTo(SAVE).map((c) => c.body)).toEqual([wanted]);
    expect((screen.getByRole('switch', { name: 'Newsletter' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Governance' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says so when saving fails, keeping the choices', async () => {
    mockApi({ [GET]: () => json(200, SAVED), [SAVE]: () => json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    const { user } = renderApp(PATH, { session: TEST_USER });
    await user.click(await screen.findByRole('switch', { name: 'Community' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side.');
    expect((screen.getByRole('switch', { name: 'Community' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows an error with a way to try again when the preferences cannot be loaded', async () => {
    let calls = 0;
    mockApi({ [GET]: () => (++calls === 1 ? json(503, { message: 'The service is busy.', code: 'UNAVAILABLE' }) : json(200, SAVED)) });
    const { user } = renderApp(PATH, { session: TEST_USER });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your email preferences')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Newsletter' })).toBeTruthy();
  });
});
