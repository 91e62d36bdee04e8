import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { AppRoutes } from '../../app/routes';
import { deferred, json, mockApi, setSignedInHint } from '../../test/api-mock';
import { renderApp, testQueryClient, TEST_USER } from '../../test/render-app';
import { testOverview } from '../../test/verification-fixtures';
import * as styles from './settings.module.css';

const OVERVIEW = 'GET /api/user/verification';

function openSettings(overview = testOverview()) {
  setSignedInHint();
  const api = mockApi({ [OVERVIEW]: () => json(200, overview) });
  return { api, ...renderApp('/dashboard/settings', { session: TEST_USER }) };
}

const tile = (name: string) =>
  within(screen.getByRole('list', { name: 'Your verifications' }))
    .getByRole('link', { name })
    .closest('li')!;

describe('/dashboard/settings', () => {
  it('welcomes an account that has just been confirmed, with what to do next', async () => {
    setSignedInHint();
    mockApi({ [OVERVIEW]: () => json(200, testOverview()) });
    render(
      <Providers client={testQueryClient({ ...TEST_USER, firstLogin: false })}>
        <MemoryRouter initialEntries={[{ pathname: '/dashboard/settings', state: { firstLogin: true } }]}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is active' })).toBeTruthy();
    expect(screen.getByText(/Welcome to Land Units, Ada\. Next, verify your profile and your bank account/)).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    // A new account: nothing verified yet, and a way to start.
    expect(await screen.findByRole('heading', { name: 'Nothing verified yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start profile verification' }).getAttribute('href')).toBe('/dashboard/settings/profile-verification#verification-status');
  });

  it('has a plain heading otherwise, and links to change email, password, subscriptions and notification settings', async () => {
    openSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Your Profile' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByRole('link', { name: 'Change email' }).getAttribute('href')).toBe('/dashboard/settings/change-email');
    expect(account.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/dashboard/settings/change-password');
    expect(account.getByRole('link', { name: 'Email subscriptions' }).getAttribute('href')).toBe('/dashboard/settings/subscriptions');
    expect(account.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe('/dashboard/settings/notifications');
  });

  it('shows a tile per verification with its SPEC label, colour and page', async () => {
    openSettings();
    await screen.findByRole('list', { name: 'Your verifications' });
    const profile = tile('Profile verification');
    expect(profile.id).toBe('tile-profile');
    expect(profile.className).toContain(styles.verificationTileRed);
    expect(profile.dataset.status).toBe('UnVerified');
    expect(within(profile).getByText('Missing/Incorrect data')).toBeTruthy();
    expect(within(profile).getByRole('link', { name: 'Profile verification' }).getAttribute('href')).toBe('/dashboard/settings/profile-verification#verification-status');
    const bank = tile('Bank verification');
    expect(within(bank).getByText('Not Verified')).toBeTruthy();
    expect(within(bank).getByRole('link', { name: 'Bank verification' }).getAttribute('href')).toBe('/dashboard/settings/bank-verification#verification-status');
  });

  it.each([
    ['Saved', 'Info Saved - Submit Now', 'Info Saved - Submit Now', styles.verificationTileAmber],
    ['Pending', 'Pending Admin Review', 'Pending Admin Review', styles.verificationTileBlue],
    ['Approved', 'Approved', 'Approved', styles.verificationTileGreen],
    ['Rejected', 'Not Approved, please reapply', 'Not Approved, please reapply', styles.verificationTileRed],
  ] as const)('labels %s: profile “%s”, bank “%s”', async (status, profileLabel, bankLabel, colour) => {
    openSettings(testOverview({ profile: { status }, bank: { status } }));
    await screen.findByRole('list', { name: 'Your verifications' });
    expect(within(tile('Profile verification')).getByText(profileLabel)).toBeTruthy();
    expect(within(tile('Bank verification')).getByText(bankLabel)).toBeTruthy();
    expect(tile('Profile verification').className).toContain(colour);
  });

  it('lists what is missing in a tooltip on hover: 6 items, then Show More / Show Less', async () => {
    const { user } = openSettings();
    const trigger = await screen.findByRole('button', { name: 'What is missing (8) for Profile verification' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.hover(trigger);
    const tooltip = screen.getByRole('tooltip');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(
      within(tooltip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['House number', 'Street address', 'Town/City', 'Postcode', 'Country', 'Phone country code']);

    await user.click(within(tooltip).getByRole('button', { name: 'Show More' }));
    expect(within(tooltip).getAllByRole('listitem')).toHaveLength(8);
    await user.click(within(tooltip).getByRole('button', { name: 'Show Less' }));
    expect(within(tooltip).getAllByRole('listitem')).toHaveLength(6);

    await user.unhover(screen.getByRole('tooltip').parentElement!);
    // Hidden 50 ms after the pointer leaves.
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens the tooltip on keyboard focus and closes it with Escape', async () => {
    const { user } = openSettings();
    const trigger = await screen.findByRole('button', { name: /What is missing \(8\)/ });
    act(() => trigger.focus());
    expect(screen.getByRole('tooltip')).toBeTruthy();
    expect(trigger.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await user.tab();
    // Focus moved into the tooltip (Show More): it stays open.
    expect(document.activeElement?.textContent).toBe('Show More');
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('opens the tooltip with a tap', async () => {
    openSettings();
    const trigger = await screen.findByRole('button', { name: /What is missing \(3\) for Bank verification/ });
    fireEvent.click(trigger);
    expect(
      within(screen.getByRole('tooltip'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Account name', 'Account number or IBAN', 'Bank statement']);
  });

  it('shows the purchase-limit tiers with their amounts and what raises them, the person’s own marked', async () => {
    openSettings();
    const limits = within(await screen.findByRole('region', { name: 'Purchase limits' }));
    const tiers = within(limits.getByRole('list', { name: 'Purchase limit tiers' })).getAllByRole('listitem');
    // The business tier is not for an individual.
    expect(tiers).toHaveLength(2);
    expect(tiers[0]!.textContent).toContain('Email verified');
    expect(tiers[0]!.textContent).toContain('£1,000.00, $1,000.00, €1,000.00 or A$1,000.00');
    expect(tiers[0]!.textContent).toContain('Confirm your email address.');
    expect(tiers[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(tiers[0]!).getByText('Your tier')).toBeTruthy();
    expect(tiers[1]!.textContent).toContain('£100,000.00, $100,000.00, €100,000.00 or A$100,000.00');
    expect(tiers[1]!.textContent).toContain('Get your profile verification approved.');
    expect(tiers[1]!.getAttribute('aria-current')).toBeNull();
  });

  it('writes the limit of each currency in that currency, never in pounds', async () => {
    openSettings();
    const limits = within(await screen.findByRole('region', { name: 'Purchase limits' }));
    const now = within(limits.getByRole('list', { name: /Your purchase limit now, in each currency/ })).getAllByRole('listitem');
    expect(now.map((li) => li.textContent)).toEqual(['Pounds (GBP)£1,000.00', 'US dollars (USD)$1,000.00', 'Euros (EUR)€1,000.00', 'Australian dollars (AUD)A$1,000.00']);
    expect(limits.queryByText(/£1,000\.00 in each currency/)).toBeNull();
  });

  it('gives the limit our team set in a currency there, and the tier’s in the others', async () => {
    openSettings(
      testOverview({
        limits: {
          overrides: [
            { currency: 'GBP', cents: 5_000 },
            { currency: 'USD', cents: 2_500_000 },
          ],
        },
      }),
    );
    const limits = within(await screen.findByRole('region', { name: 'Purchase limits' }));
    const now = within(limits.getByRole('list', { name: /Your purchase limit now/ })).getAllByRole('listitem');
    expect(now.map((li) => li.textContent)).toEqual(['Pounds (GBP)£50.00Set by our team', 'US dollars (USD)$25,000.00Set by our team', 'Euros (EUR)€1,000.00', 'Australian dollars (AUD)A$1,000.00']);
  });

  it('shows a skeleton while loading, then an error with Try again that loads again', async () => {
    setSignedInHint();
    let fail = true;
    const first = deferred<Response>();
    const api = mockApi({
      [OVERVIEW]: () => (fail ? first.promise : json(200, testOverview())),
    });
    const { user } = renderApp('/dashboard/settings', { session: TEST_USER });
    expect(await screen.findByText('Loading your profile…')).toBeTruthy();
    first.resolve(json(500, { message: 'Something broke', code: 'INTERNAL' }));
    expect(await screen.findByRole('heading', { name: 'Your profile could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your verifications' })).toBeTruthy();
    expect(api.callsTo(OVERVIEW).length).toBeGreaterThanOrEqual(2);
  });
});
