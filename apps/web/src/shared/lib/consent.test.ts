import { ALL_CONSENT, CONSENT_CHOICES_STORAGE_KEY, CONSENT_COOKIE, CONSENT_STORAGE_KEY, DEFAULT_CONSENT } from '@landunits/domain';
import { describe, expect, it, vi } from 'vitest';
import { whenConsented } from './analytics-script';
import { hasConsent, readConsent, reopenConsent, saveConsent } from './consent';

describe('cookie consent store', () => {
  it('grants nothing beyond Necessary before a choice is saved', () => {
    expect(readConsent().decided).toBe(false);
    expect(hasConsent('Necessary')).toBe(true);
    expect(hasConsent('Statistics')).toBe(false);
    expect(hasConsent('Marketing')).toBe(false);
  });

  it("treats a stored 'false' flag as undecided even with choices beside it", () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'false');
    localStorage.setItem(CONSENT_CHOICES_STORAGE_KEY, JSON.stringify(ALL_CONSENT));
    expect(readConsent().decided).toBe(false);
    expect(hasConsent('Statistics')).toBe(false);
  });

  it('saves the flag, the choices and a cookie mirror; Necessary cannot be turned off', () => {
    saveConsent({ ...DEFAULT_CONSENT, Necessary: false, Statistics: true });

    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('true');
    const stored = JSON.parse(localStorage.getItem(CONSENT_CHOICES_STORAGE_KEY) ?? '{}');
    expect(stored).toEqual({ ...DEFAULT_CONSENT, Statistics: true });
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=`);
    expect(hasConsent('Statistics')).toBe(true);
    expect(hasConsent('Marketing')).toBe(false);
  });

  it('runs a consent-gated loader only once the category is granted', () => {
    const load = vi.fn();
    whenConsented('Marketing', load);
    saveConsent(DEFAULT_CONSENT);
    expect(load).not.toHaveBeenCalled();

    saveConsent(ALL_CONSENT);
    saveConsent(ALL_CONSENT);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reopening the banner sets the flag back to false and withdraws optional consent', () => {
    saveConsent(ALL_CONSENT);
    reopenConsent();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('false');
    expect(hasConsent('Statistics')).toBe(false);
  });
});
