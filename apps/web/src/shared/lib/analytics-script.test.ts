import { ALL_CONSENT, ANALYTICS_META_NAME, DEFAULT_CONSENT } from '@landunits/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAnalyticsAfterConsent } from './analytics-script';
import { saveConsent } from './consent';

const URL_ = 'https://cdn.analytics.example/tag.js?id=7';
const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
let stop: () => void = () => {};

function configure(category: string) {
  const meta = document.createElement('meta');
  meta.name = ANALYTICS_META_NAME;
  meta.content = URL_;
  meta.dataset.category = category;
  document.head.append(meta);
}

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
});
afterEach(() => stop());

describe('the consent-gated analytics script', () => {
  it('is not added before consent, nor after a choice without its category; added once the category is accepted, without reload', () => {
    configure('Statistics');
    stop = loadAnalyticsAfterConsent();
    expect(scripts()).toEqual([]);
    saveConsent({ ...DEFAULT_CONSENT, Marketing: true });
    expect(scripts()).toEqual([]);
    saveConsent({ ...DEFAULT_CONSENT, Statistics: true });
    expect(scripts()).toEqual([URL_]);
    const script = document.head.querySelector('script');
    expect(script?.async).toBe(true);
    saveConsent(ALL_CONSENT);
    expect(scripts()).toEqual([URL_]);
  });

  it('loads at once when the category was accepted on an earlier visit', () => {
    saveConsent({ ...DEFAULT_CONSENT, Marketing: true });
    configure('Marketing');
    stop = loadAnalyticsAfterConsent();
    expect(scripts()).toEqual([URL_]);
  });

  it('does nothing without a configured script (the default)', () => {
    stop = loadAnalyticsAfterConsent();
    saveConsent(ALL_CONSENT);
    expect(scripts()).toEqual([]);
  });

  it('ignores a category other than Statistics or Marketing', () => {
    configure('Necessary');
    stop = loadAnalyticsAfterConsent();
    expect(scripts()).toEqual([]);
  });
});
