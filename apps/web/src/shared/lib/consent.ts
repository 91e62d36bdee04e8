import {
  ALL_CONSENT,
  CONSENT_CATEGORIES,
  CONSENT_CHOICES_STORAGE_KEY,
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  CONSENT_STORAGE_KEY,
  DEFAULT_CONSENT,
  type ConsentCategory,
  type ConsentChoices,
} from '@landunits/domain';
import { useSyncExternalStore } from 'react';
import { writeCookie } from './cookies';

/**
 * Cookie consent (SPEC §2, §4). The flag in local storage decides whether the banner shows:
 * absent or 'false' shows it, 'true' hides it. The chosen categories are kept beside it and mirrored
 * in a cookie for the server. Nothing but Necessary counts as granted until a choice is saved.
 */

export interface ConsentState {
  /** A choice has been saved (the flag is 'true'). */
  decided: boolean;
  choices: ConsentChoices;
}

const UNDECIDED: ConsentState = { decided: false, choices: DEFAULT_CONSENT };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: behave as undecided
  }
}

function parseChoices(raw: string | null): ConsentChoices {
  if (!raw) return DEFAULT_CONSENT;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return DEFAULT_CONSENT;
    const choices = { ...DEFAULT_CONSENT };
    for (const category of CONSENT_CATEGORIES) {
      const value = (parsed as Record<string, unknown>)[category];
      if (typeof value === 'boolean') choices[category] = value;
    }
    choices.Necessary = true;
    return choices;
  } catch {
    return DEFAULT_CONSENT;
  }
}

let cached: { flag: string | null; raw: string | null; state: ConsentState } | undefined;

export function readConsent(): ConsentState {
  const store = storage();
  if (!store) return UNDECIDED;
  const flag = store.getItem(CONSENT_STORAGE_KEY);
  const raw = store.getItem(CONSENT_CHOICES_STORAGE_KEY);
  if (cached && cached.flag === flag && cached.raw === raw) return cached.state;
  const state: ConsentState = flag === 'true' ? { decided: true, choices: parseChoices(raw) } : UNDECIDED;
  cached = { flag, raw, state };
  return state;
}

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CONSENT_STORAGE_KEY || event.key === CONSENT_CHOICES_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Saves a choice: sets the flag to 'true', stores the categories and mirrors them in a cookie. */
export function saveConsent(choices: ConsentChoices): void {
  const normalised: ConsentChoices = { ...choices, Necessary: true };
  const json = JSON.stringify(normalised);
  const store = storage();
  store?.setItem(CONSENT_CHOICES_STORAGE_KEY, json);
  store?.setItem(CONSENT_STORAGE_KEY, 'true');
  writeCookie(CONSENT_COOKIE, encodeURIComponent(json), {
    maxAgeSeconds: CONSENT_COOKIE_MAX_AGE_SECONDS,
    path: '/',
    sameSite: 'Lax',
  });
  emit();
}

/**
 * Lets the visitor change their mind (footer "Cookie settings"): the flag goes back to 'false',
 * which shows the banner again; the stored choices stay as the starting point.
 */
export function reopenConsent(): void {
  storage()?.setItem(CONSENT_STORAGE_KEY, 'false');
  emit();
}

export const allowAll = (): void => saveConsent(ALL_CONSENT);
export const allowNecessaryOnly = (): void => saveConsent(DEFAULT_CONSENT);

/** True only once the visitor has saved a choice that includes this category (Necessary: always). */
export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'Necessary') return true;
  const state = readConsent();
  return state.decided && state.choices[category];
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, readConsent, () => UNDECIDED);
}

/**
 * For scripts that may only run after consent (statistics, marketing):
 * `const allowed = useHasConsent('Statistics'); useEffect(() => { if (allowed) load(); }, [allowed]);`
 */
export function useHasConsent(category: ConsentCategory): boolean {
  const state = useConsent();
  return category === 'Necessary' || (state.decided && state.choices[category]);
}
