/**
 * The registration step survives a reload (SPEC §4: Register → Resend → Reset). Only the step and
 * the address are kept, in session storage; the password never is.
 */
export type RegistrationStep = 'register' | 'resend' | 'reset';

export interface RegistrationState {
  step: RegistrationStep;
  email: string;
}

export const REGISTRATION_STORAGE_KEY = 'landunits.registration';

const START: RegistrationState = { step: 'register', email: '' };

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled: the step simply does not survive a reload
  }
}

export function readRegistration(): RegistrationState {
  const raw = storage()?.getItem(REGISTRATION_STORAGE_KEY);
  if (!raw) return START;
  try {
    const parsed = JSON.parse(raw) as Partial<RegistrationState> | null;
    if ((parsed?.step === 'resend' || parsed?.step === 'reset') && typeof parsed.email === 'string' && parsed.email) {
      return { step: parsed.step, email: parsed.email };
    }
  } catch {
    // a damaged entry: start again
  }
  return START;
}

export function writeRegistration(state: RegistrationState): void {
  const store = storage();
  if (!store) return;
  try {
    if (state.step === 'register') store.removeItem(REGISTRATION_STORAGE_KEY);
    else store.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ step: state.step, email: state.email }));
  } catch {
    // quota or privacy mode: keep going without persistence
  }
}
