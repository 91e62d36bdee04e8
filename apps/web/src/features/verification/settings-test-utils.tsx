import type { VerificationOverview } from '@landunits/domain/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi, setSignedInHint } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

/** Helpers of the verification page tests. */

export const OVERVIEW = 'GET /api/user/verification';
export const PROFILE_PATH = '/dashboard/settings/profile-verification';
export const BANK_PATH = '/dashboard/settings/bank-verification';

type Handler = Parameters<typeof mockApi>[0][string];

/** Opens a verification page, signed in, with this overview; waits for its form. */
export async function openPage(path: string, overview: VerificationOverview, handlers: Record<string, Handler> = {}) {
  setSignedInHint();
  const api = mockApi({ [OVERVIEW]: () => json(200, overview), ...handlers });
  const rendered = renderApp(path, { session: { ...TEST_USER, userType: overview.profile.userType } });
  await screen.findByRole('region', { name: /verification:/ });
  return { api, ...rendered };
}

/** Sets a field's value as a browser's date picker would (jsdom types no dates). */
export function setValue(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.blur(screen.getByLabelText(label));
}

/** What the server answers after a save: the overview again and its message. */
export const saved = (overview: VerificationOverview, message = 'Your details are saved.') => ({ status: 200, body: { ...overview, message } });

/** The error text tied to a control (aria-describedby), or ''. */
export function errorOf(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Whether a control is disabled, itself or by a disabled fieldset around it. */
export const isDisabled = (control: HTMLElement) => control.matches(':disabled');
