import { ALL_CONSENT, CONSENT_CATEGORIES, CONSENT_CHOICES_STORAGE_KEY, CONSENT_COOKIE, CONSENT_DESCRIPTIONS, CONSENT_STORAGE_KEY, DEFAULT_CONSENT } from '@landunits/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasConsent } from '../../shared/lib/consent';
import { setViewportWidth } from '../../test/browser-shims';
import { renderApp } from '../../test/render-app';

const storedChoices = () => JSON.parse(localStorage.getItem(CONSENT_CHOICES_STORAGE_KEY) ?? 'null');

async function openApp() {
  const app = renderApp('/', { session: null });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

async function openDetails() {
  const app = await openApp();
  await app.user.click(await screen.findByRole('button', { name: 'Customise' }));
  await screen.findByRole('tablist', { name: 'Cookie information' });
  return app;
}

describe('cookie banner (SPEC §2, §4)', () => {
  it('shows as a bottom bar when no consent is stored, and nothing optional is granted', async () => {
    await openApp();
    const banner = await screen.findByTestId('cookie-banner');
    expect(banner.tagName).toBe('SECTION');
    expect(within(banner).getByRole('heading', { name: 'Cookies on Land Units' })).toBeTruthy();
    for (const name of ['Allow all', 'Customise', 'Necessary only']) {
      expect(within(banner).getByRole('button', { name })).toBeTruthy();
    }
    expect(hasConsent('Statistics')).toBe(false);
    expect(hasConsent('Marketing')).toBe(false);
  });

  it("shows when the stored flag is 'false'", async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'false');
    await openApp();
    expect(await screen.findByTestId('cookie-banner')).toBeTruthy();
  });

  it('Allow all stores the choice, hides the banner, and it stays hidden on the next visit', async () => {
    const first = await openApp();
    await first.user.click(await screen.findByRole('button', { name: 'Allow all' }));

    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('true');
    expect(storedChoices()).toEqual(ALL_CONSENT);
    expect(decodeURIComponent(document.cookie)).toContain(`${CONSENT_COOKIE}=${JSON.stringify(ALL_CONSENT)}`);
    expect(hasConsent('Statistics')).toBe(true);

    first.unmount();
    await openApp();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('Necessary only stores the default choice', async () => {
    const { user } = await openApp();
    await user.click(await screen.findByRole('button', { name: 'Necessary only' }));

    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('true');
    expect(storedChoices()).toEqual(DEFAULT_CONSENT);
    expect(hasConsent('Marketing')).toBe(false);
  });

  it('Customise opens a labelled modal with the Consent, Details and About tabs', async () => {
    await openDetails();
    const dialog = screen.getByTestId('cookie-banner');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Your cookie choices' })).toBe(dialog);
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Consent', 'Details', 'About']);
    const selected = tabs.find((t) => t.getAttribute('aria-selected') === 'true');
    expect(selected?.textContent).toBe('Details');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = within(dialog).getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(selected?.id);
  });

  it('moves between tabs with the arrow keys, Home and End (roving tabindex)', async () => {
    const { user } = await openDetails();
    const tab = (name: string) => screen.getByRole('tab', { name });
    const selectedName = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

    tab('Details').focus();
    await user.keyboard('{ArrowRight}');
    expect(selectedName()).toBe('About');
    expect(document.activeElement).toBe(tab('About'));
    expect(tab('About').tabIndex).toBe(0);
    expect(tab('Details').tabIndex).toBe(-1);

    await user.keyboard('{ArrowRight}');
    expect(selectedName()).toBe('Consent');
    expect(document.activeElement).toBe(tab('Consent'));

    await user.keyboard('{ArrowLeft}');
    expect(selectedName()).toBe('About');

    await user.keyboard('{Home}');
    expect(selectedName()).toBe('Consent');
    await user.keyboard('{End}');
    expect(selectedName()).toBe('About');
    expect(screen.getByRole('tabpanel').textContent).toMatch(/Privacy Policy/);
  });

  it('lists the five categories with their descriptions; Necessary is on and cannot be changed', async () => {
    await openDetails();
    for (const category of CONSENT_CATEGORIES) {
      const control = screen.getByRole('switch', { name: category }) as HTMLInputElement;
      expect(control.getAttribute('aria-describedby')).toBeTruthy();
      const description = document.getElementById(control.getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toBe(CONSENT_DESCRIPTIONS[category]);
      expect(control.checked).toBe(category === 'Necessary');
      expect(control.disabled).toBe(category === 'Necessary');
    }
  });

  it('Allow selection saves exactly the chosen categories', async () => {
    const { user } = await openDetails();
    await user.click(screen.getByRole('switch', { name: 'Statistics' }));
    await user.click(screen.getByRole('switch', { name: 'Preferences' }));
    await user.click(screen.getByRole('switch', { name: 'Preferences' }));

    await user.click(screen.getByRole('button', { name: 'Allow selection' }));

    await waitFor(() => expect(screen.queryByTestId('cookie-banner')).toBeNull());
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('true');
    expect(storedChoices()).toEqual({ ...DEFAULT_CONSENT, Statistics: true });
    expect(hasConsent('Statistics')).toBe(true);
    expect(hasConsent('Marketing')).toBe(false);
  });

  it('cannot be dismissed with Escape: a choice is needed', async () => {
    await openDetails();
    const dialog = screen.getByTestId('cookie-banner') as HTMLDialogElement;

    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);

    // Even if the browser closes it anyway, it comes back until a choice is made.
    act(() => dialog.close());
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it('is a centred modal below 992 px', async () => {
    setViewportWidth(800);
    await openApp();
    const banner = await screen.findByTestId('cookie-banner');
    expect(banner.tagName).toBe('DIALOG');
    expect(banner.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Cookies on Land Units' })).toBe(banner);
  });

  it('can be opened again from the footer to change the choice', async () => {
    const { user } = await openApp();
    await user.click(await screen.findByRole('button', { name: 'Allow all' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));

    expect(await screen.findByTestId('cookie-banner')).toBeTruthy();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('false');
  });
});
