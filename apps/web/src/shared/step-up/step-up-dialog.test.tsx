import { SECURITY_MESSAGES, STEP_UP_MESSAGES, stepUpRequiredMessage } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OVERVIEW, SECURITY_PATH, testSecurityOverview } from '../../test/security-test-fixtures';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, renderWithProviders, TEST_USER } from '../../test/render-app';
import { ApiError } from '../api/api-error';
import { sendWithStepUp } from '../api/step-up-bridge';
import { StepUpHost } from './step-up-dialog';

/**
 * The step-up dialog (decision 0050), through the security page's "Confirming it's you" form: a
 * higher amount is refused with 403 STEP_UP_REQUIRED, the dialog asks the person to confirm, and
 * the same request is sent again once they have.
 */

const SAFEGUARDS = 'PUT /api/user/security/safeguards';
const OPTIONS = 'POST /api/user/security/step-up/options';
const STEP_UP = 'POST /api/user/security/step-up';
/** A new answer each time: a Response's body is read once. */
const required = () => json(403, { message: stepUpRequiredMessage('transfer-threshold'), code: 'STEP_UP_REQUIRED', errors: { stepUp: 'transfer-threshold' } });

async function raiseTo(units: string) {
  const view = renderApp(SECURITY_PATH, { session: TEST_USER });
  const form = within(await screen.findByRole('region', { name: 'Confirming it’s you' }));
  const field = form.getByLabelText('Ask me for transfers above, in 24 hours (Units)');
  await view.user.clear(field);
  await view.user.type(field, units);
  await view.user.click(form.getByRole('button', { name: 'Save' }));
  return { ...view, form };
}

describe('the step-up dialog', () => {
  it('asks for the password of a person without a second factor, then sends the refused request again', async () => {
    let proved = false;
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview()),
      [SAFEGUARDS]: () => (proved ? json(200, { message: STEP_UP_MESSAGES.thresholdSaved }) : required()),
      [OPTIONS]: () => json(200, { methods: ['password'], passkey: null }),
      [STEP_UP]: (call) => {
        if ((call.body as { password: string }).password !== 'garden42')
          return json(401, { message: SECURITY_MESSAGES.passwordWrong, code: 'UNAUTHORIZED', errors: { password: SECURITY_MESSAGES.passwordWrong } });
        proved = true;
        return json(200, { message: STEP_UP_MESSAGES.done, expiresAt: '2026-11-30T10:05:00.000Z' });
      },
    });
    const { user, form } = await raiseTo('5000');

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it’s you' }));
    expect(dialog.getByText(stepUpRequiredMessage('transfer-threshold'))).toBeTruthy();
    const password = await dialog.findByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText(SECURITY_MESSAGES.passwordWrong)).toBeTruthy();
    expect(api.callsTo(SAFEGUARDS)).toHaveLength(1);

    await user.clear(password);
    await user.type(password, 'garden42');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await form.findByText(STEP_UP_MESSAGES.thresholdSaved)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(STEP_UP).map((c) => c.body)).toEqual([
      { action: 'transfer-threshold', method: 'password', password: 'wrong' },
      { action: 'transfer-threshold', method: 'password', password: 'garden42' },
    ]);
    expect(api.callsTo(SAFEGUARDS).map((c) => c.body)).toEqual([{ stepUpTransfersAbove: 5000 }, { stepUpTransfersAbove: 5000 }]);
  });

  it('offers the authenticator app first and a recovery code instead, never the password', async () => {
    let proved = false;
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview({ totp: { enabled: true, enabledAt: '2026-11-02T10:00:00.000Z' }, recoveryCodesLeft: 9 })),
      [SAFEGUARDS]: () => (proved ? json(200, { message: STEP_UP_MESSAGES.thresholdSaved }) : required()),
      [OPTIONS]: () => json(200, { methods: ['totp', 'recovery'], passkey: null }),
      [STEP_UP]: () => {
        proved = true;
        return json(200, { message: STEP_UP_MESSAGES.done, expiresAt: '2026-11-30T10:05:00.000Z' });
      },
    });
    const { user, form } = await raiseTo('2000');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it’s you' }));
    expect(await dialog.findByLabelText('Authenticator code')).toBeTruthy();
    expect(dialog.queryByLabelText('Password')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(dialog.getByLabelText('Recovery code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await form.findByText(STEP_UP_MESSAGES.thresholdSaved)).toBeTruthy();
    expect(api.callsTo(STEP_UP).map((c) => c.body)).toEqual([{ action: 'transfer-threshold', method: 'recovery', code: 'abcdefghjkmnpqrs' }]);
  });

  it('cancelled, changes nothing and says so under the form', async () => {
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview()),
      [SAFEGUARDS]: required,
      [OPTIONS]: () => json(200, { methods: ['password'], passkey: null }),
    });
    const { user, form } = await raiseTo('5000');
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it’s you' }));
    await dialog.findByLabelText('Password');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await form.findByText(STEP_UP_MESSAGES.cancelled)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(SAFEGUARDS)).toHaveLength(1);
    expect(api.callsTo(STEP_UP)).toEqual([]);
  });

  it('a lower amount is saved at once, without asking', async () => {
    const api = mockApi({
      [OVERVIEW]: () => json(200, testSecurityOverview()),
      [SAFEGUARDS]: () => json(200, { message: STEP_UP_MESSAGES.thresholdSaved }),
    });
    const { form } = await raiseTo('100');
    expect(await form.findByText(STEP_UP_MESSAGES.thresholdSaved)).toBeTruthy();
    expect(api.callsTo(OPTIONS)).toEqual([]);
    expect(api.callsTo(SAFEGUARDS).map((c) => c.body)).toEqual([{ stepUpTransfersAbove: 100 }]);
  });
});

describe('the step-up dialog with several requests waiting', () => {
  it('asks once for requests of the same action, and for another action after the first is answered', async () => {
    const proved = new Set<string>();
    mockApi({
      [OPTIONS]: () => json(200, { methods: ['password'], passkey: null }),
      [STEP_UP]: (call) => {
        proved.add((call.body as { action: string }).action);
        return json(200, { message: STEP_UP_MESSAGES.done, expiresAt: '2026-11-30T10:05:00.000Z' });
      },
    });
    const { user } = renderWithProviders(<StepUpHost />, { session: TEST_USER });
    /** A request refused until its action is proved. */
    const request = (action: 'sell' | 'transfer', answer: string) =>
      sendWithStepUp(async () => {
        if (!proved.has(action)) throw new ApiError(403, 'STEP_UP_REQUIRED', stepUpRequiredMessage(action), { stepUp: action });
        return answer;
      });
    const answers = Promise.all([request('sell', 'sale 1'), request('sell', 'sale 2'), request('transfer', 'transfer')]);

    const confirm = async (action: 'sell' | 'transfer') => {
      const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it’s you' }));
      expect(await dialog.findByText(stepUpRequiredMessage(action))).toBeTruthy();
      await user.type(await dialog.findByLabelText('Password'), 'garden42');
      await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    };
    await confirm('sell');
    await confirm('transfer');
    expect(await answers).toEqual(['sale 1', 'sale 2', 'transfer']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
