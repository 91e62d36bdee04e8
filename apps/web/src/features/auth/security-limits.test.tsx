import { STEP_UP_MESSAGES, transferLimitRaiseMessage } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';
import { OVERVIEW, SECURITY_PATH, testSecurityOverview } from '../../test/security-test-fixtures';

const LIMIT = 'PUT /api/user/security/transfer-limit';
const THRESHOLD = 'PUT /api/user/security/safeguards';
const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('/dashboard/settings/security, safeguards on transfers', () => {
  it('sets a first daily limit, says so, and shows it from the reloaded overview', async () => {
    let limit: { units: number | null; raise: null } = { units: null, raise: null };
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview({ dailyTransferLimit: limit })),
      [LIMIT]: () => {
        limit = { units: 50, raise: null };
        return json(200, { message: STEP_UP_MESSAGES.limitLowered });
      },
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    const limits = await section('Daily transfer limit');
    expect(limits.getByText(/You have no daily transfer limit/)).toBeTruthy();
    expect(limits.queryByRole('button', { name: 'Remove the limit' })).toBeNull();

    await user.type(limits.getByLabelText('Daily limit (Units)'), '50');
    await user.click(limits.getByRole('button', { name: 'Save limit' }));

    expect((await limits.findByText(STEP_UP_MESSAGES.limitLowered)).getAttribute('role')).toBe('status');
    expect(api.calls.filter((c) => `${c.method} ${c.url}` === LIMIT).map((c) => c.body)).toEqual([{ units: 50 }]);
    // The reloaded overview shows the limit; the saved message stays.
    expect(await limits.findByRole('button', { name: 'Remove the limit' })).toBeTruthy();
    expect(limits.getByText('50 Units').tagName).toBe('STRONG');
    expect(limits.getByText(STEP_UP_MESSAGES.limitLowered)).toBeTruthy();
  });

  it('refuses a limit that is not a whole number of Units without asking the server', async () => {
    const api = mockApi({ [OVERVIEW]: () => json(200, testSecurityOverview()) });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    const limits = await section('Daily transfer limit');
    await user.type(limits.getByLabelText('Daily limit (Units)'), '0');
    await user.click(limits.getByRole('button', { name: 'Save limit' }));
    expect(await limits.findByText(STEP_UP_MESSAGES.limitRequired)).toBeTruthy();
    expect(limits.getByLabelText('Daily limit (Units)').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.url === '/api/user/security/transfer-limit')).toBe(false);
  });

  it('shows a raise waiting its 24 hours, and removes the limit with the button', async () => {
    const from = '2026-11-21T09:30:00.000Z';
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview({ dailyTransferLimit: { units: 100, raise: { units: 400, from } } })),
      [LIMIT]: () => json(200, { message: transferLimitRaiseMessage(null, new Date(from)) }),
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    const limits = await section('Daily transfer limit');
    expect(limits.getByText(/Your limit will rise to 400 Units on 21\/11\/2026 09:30 \(UTC\)\. To stop this, save a lower limit\./)).toBeTruthy();
    expect((limits.getByLabelText('Daily limit (Units)') as HTMLInputElement).value).toBe('100');

    await user.click(limits.getByRole('button', { name: 'Remove the limit' }));
    expect(await screen.findByText(transferLimitRaiseMessage(null, new Date(from)))).toBeTruthy();
    expect(api.calls.filter((c) => `${c.method} ${c.url}` === LIMIT).map((c) => c.body)).toEqual([{ units: null }]);
  });

  it('saves the step-up threshold and shows the server’s answer', async () => {
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview({ stepUpTransfersAbove: 1000 })),
      [THRESHOLD]: () => json(200, { message: STEP_UP_MESSAGES.thresholdSaved }),
    });
    const { user } = renderApp(SECURITY_PATH, { session: TEST_USER });
    const confirm = await section('Confirming it’s you');
    const field = confirm.getByLabelText('Ask me for transfers above, in 24 hours (Units)');
    await user.clear(field);
    await user.type(field, '250');
    await user.click(confirm.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STEP_UP_MESSAGES.thresholdSaved)).toBeTruthy();
    expect(api.calls.filter((c) => `${c.method} ${c.url}` === THRESHOLD).map((c) => c.body)).toEqual([{ stepUpTransfersAbove: 250 }]);
  });
});
