import { formatPrice, priceOn, UNIT_TYPES, type UnitType } from '@landunits/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { AppRoutes } from '../../app/routes';
import type { DashboardData, Holding } from '../../shared/orders/types';
import { SESSION_QUERY_KEY } from '../../shared/session/session';
import { json, mockApi, setSignedInHint } from '../../test/api-mock';
import { testQueryClient } from '../../test/render-app';
import * as styles from './dashboard.module.css';

const NOW = new Date('2026-03-10T12:00:00Z');

const CURRENCY: Record<UnitType, Holding['currencyType']> = { LAND_POUND: 'GBP', LAND_USD: 'USD', LAND_EUR: 'EUR', LAND_AUD: 'AUD' };

/** A holding as the API sends it: units_valued is the held buckets' sum unless a test says otherwise. */
function holding(unitType: UnitType, fields: Partial<Holding> = {}): Holding {
  const held = (['owned', 'owned_DOUBLE_LAND', 'pendingSell', 'transferQueued', 'convertLocked', 'bonusLocked'] as const).reduce((sum, key) => sum + (fields[key] ?? 0), 0);
  return {
    units_valued: held,
    owned: 0,
    owned_DOUBLE_LAND: 0,
    pendingBuy: 0,
    pendingSell: 0,
    transferQueued: 0,
    convertLocked: 0,
    bonusLocked: 0,
    total_value_bought: 0,
    total_value_today: 0,
    profit: 0,
    profit_percentage: '0.00',
    currencyType: CURRENCY[unitType],
    ...fields,
  };
}

const STATS = {
  growthPerYear: '0.075',
  priceEpoch: '2025-01-01',
  initialPrices: { LAND_POUND: '1.000000', LAND_USD: '1.000000', LAND_EUR: '1.000000', LAND_AUD: '1.000000' },
};

const todayPrice = (type: UnitType) => priceOn(type, NOW, STATS);

/** GET /api/user/impact for someone without Units (the section has its own tests). */
const noShare = { projects: 0, figures: [] };
const noImpact = () =>
  json(200, {
    asOf: '2026-03-10',
    holdsUnits: false,
    holdings: [],
    landSharePercent: '0',
    metrics: [],
    projectShare: noShare,
    per100Units: { unitType: 'LAND_POUND', units: 100, valueCents: 10_780, share: noShare },
  });

/** GET /api/user/portfolio for someone without Units (the total has its own tests). */
const noPortfolio = () =>
  json(200, {
    currency: 'GBP',
    total: 0,
    available: 0,
    locked: 0,
    pending: 0,
    holdings: UNIT_TYPES.map((unitType) => ({ unitType, units: 0, value: 0 })),
    awaitingPayment: [],
    history: [{ date: '2026-03-10', value: 0 }],
    exchangeRates: { GBP: '1', USD: '1.24', EUR: '1.19', AUD: '1.99' },
    priceDate: '2026-03-10',
  });

/** A dashboard bundle as GET /api/user answers it (docs/api/orders.md). */
function bundle(analytics: Partial<Record<UnitType, Partial<Holding>>> = {}): DashboardData {
  const price = (type: UnitType) => ({
    pricePerUnit: todayPrice(type),
    buyOrderTransactionFeeInCents: 100,
    sellOrderTransactionFeeInUnits: 10,
    convertOrderTransactionFeeInUnits: 0,
    currency: CURRENCY[type],
    symbol: '£',
  });
  return {
    user: {
      id: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: 'USER',
      role: 'USER',
      firstLogin: false,
      profileVerificationStatus: 'Approved',
      bankVerificationStatus: 'Approved',
    },
    prices: Object.fromEntries(UNIT_TYPES.map((t) => [t, price(t)])) as DashboardData['prices'],
    externalFees: {} as DashboardData['externalFees'],
    userDashBoardDetails: {
      userAnalytics: Object.fromEntries(UNIT_TYPES.map((t) => [t, holding(t, analytics[t])])) as DashboardData['userDashBoardDetails']['userAnalytics'],
      buyOrderBonusLockedByStatus: { LockedBonusApproved: [], PaymentSent: [] },
      purchaseLimit: {} as DashboardData['userDashBoardDetails']['purchaseLimit'],
    },
    landUnitStats: { ...STATS, landValues: { GBP: 0, USD: 0, EUR: 0, AUD: 0 }, maxLandUnitsForSalePercentage: '84.74', unitsAvailable: { LAND_POUND: 0, LAND_USD: 0, LAND_EUR: 0, LAND_AUD: 0 } },
    exchangeRate: { GBP: '1', USD: '1.24', EUR: '1.19', AUD: '1.99' },
    adminBankDetails: {} as DashboardData['adminBankDetails'],
    emailChange: null,
  };
}

/** The app at /dashboard with this bundle cached as the session, loaded `ageMs` ago. */
function renderDashboard(data: unknown, ageMs = 0) {
  const client = testQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, data, { updatedAt: Date.now() - ageMs });
  const user = userEvent.setup({ delay: null });
  render(
    <Providers client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
  return { user, client };
}

const holdingCard = (name: string) => screen.getByRole('article', { name });
/** The parts of the Units held, as [label, Units] rows, the total last. */
const parts = (card: HTMLElement) =>
  within(within(card).getByRole('group', { name: /^What the .* held are$/ }))
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
const figure = (card: HTMLElement, term: string) => {
  const dt = within(card).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
};

// The page's chunk (with the chart library) takes a while to transform the first time.
beforeAll(async () => {
  await import('./dashboard-pages');
  await import('./price-chart');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/dashboard', () => {
  it('offers the three tiles', async () => {
    renderDashboard(bundle());
    const tiles = await screen.findByRole('navigation', { name: 'Shortcuts' });
    const expected = [
      ['View Project Status', '/dashboard/land-projects'],
      ['Buy Units', '/dashboard/transaction?tab=buy'],
      ['View Transaction History', '/dashboard/my-transactions'],
    ] as const;
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(expected.map(([, href]) => href));
    for (const [title, href] of expected) expect(within(tiles).getByText(title, { exact: true }).closest('a')?.getAttribute('href')).toBe(href);
  });

  it('greets a person by first name about their Units, and a business about the business’s', async () => {
    renderDashboard(bundle());
    expect((await screen.findByText(/^Welcome back, Ada\./)).textContent).toBe('Welcome back, Ada. Your Units, what they are worth today and how their price grows.');
  });

  it('speaks to a business account in its own words', async () => {
    const business = bundle();
    renderDashboard({ ...business, user: { ...business.user, userType: 'BUSINESS', role: 'BUSINESS', businessName: 'Hedgerow Holdings Ltd' } });
    expect((await screen.findByText(/^Welcome back, Ada\./)).textContent).toBe('Welcome back, Ada. Hedgerow Holdings Ltd’s Units, what they are worth today and how their price grows.');
  });

  it('shows each unit type with Units in it, GBP first, with value, cost and a signed, coloured profit', async () => {
    renderDashboard(
      bundle({
        LAND_POUND: { owned: 100, total_value_bought: 10_000, total_value_today: 11_235, profit: 1_235, profit_percentage: '12.35', pendingBuy: 20, bonusLocked: 5 },
        LAND_USD: { owned: 50, total_value_bought: 5_000, total_value_today: 4_800, profit: -200, profit_percentage: '-4.00', pendingSell: 10, transferQueued: 3 },
        LAND_AUD: { convertLocked: 26, owned_DOUBLE_LAND: 4, total_value_today: 3_120, total_value_bought: 3_120 },
      }),
    );

    await screen.findByRole('heading', { level: 2, name: 'Your holdings' });
    const titles = screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent);
    expect(titles).toEqual(['GBP Units', 'USD Units', 'AUD Units']);

    const gbp = holdingCard('GBP Units');
    expect(figure(gbp, 'Units held').textContent).toBe('105');
    expect(figure(gbp, 'Value today of 105 Units').textContent).toBe('£112.35');
    expect(figure(gbp, 'Cost, fees included').textContent).toBe('£100.00');
    const gain = figure(gbp, 'Profit (value − cost)');
    expect(gain.textContent).toBe('+£12.35 (+12.35%)');
    expect(within(gain).getByText(/^\+£12\.35/).className).toBe(styles.profitGain);
    expect(parts(gbp)).toEqual([
      ['Available', '100'],
      ['Locked (5 bonus)', '5'],
      ['Total', '105'],
    ]);
    expect(gbp.textContent).toContain('20 Units awaiting payment approval, not counted above');

    const usd = holdingCard('USD Units');
    const loss = figure(usd, 'Profit (value − cost)');
    expect(loss.textContent).toBe('\u2212$2.00 (\u22124.00%)');
    expect(within(loss).getByText(/^\u2212\$2\.00/).className).toBe(styles.profitLoss);
    expect(parts(usd)).toEqual([
      ['Available', '50'],
      ['Being sold', '10'],
      ['Scheduled to transfer', '3'],
      ['Total', '63'],
    ]);
    expect(figure(usd, 'Value today of 63 Units').textContent).toBe('$48.00');

    const aud = holdingCard('AUD Units');
    expect(figure(aud, 'Profit (value − cost)').textContent).toBe('A$0.00 (0.00%)');
    expect(parts(aud)).toEqual([
      ['Available', '0'],
      ['Locked (4 LU2X, 26 after conversion)', '30'],
      ['Total', '30'],
    ]);
  });

  it('adds up: the parts make the Units held, and the value is of exactly those Units (200 available and 25 locked are 225)', async () => {
    renderDashboard(bundle({ LAND_POUND: { owned: 200, bonusLocked: 25, total_value_today: 24_075, total_value_bought: 24_000, profit: 75, profit_percentage: '0.31' } }));
    await screen.findByRole('heading', { level: 2, name: 'Your holdings' });
    const gbp = holdingCard('GBP Units');

    const rows = parts(gbp);
    const sum = rows.slice(0, -1).reduce((total, [, units]) => total + Number(units), 0);
    expect(rows.at(-1)).toEqual(['Total', String(sum)]);
    expect(figure(gbp, 'Units held').textContent).toBe('225');
    expect(figure(gbp, 'Value today of 225 Units').textContent).toBe('£240.75');
    expect(within(gbp).queryByText('Owned', { selector: 'dt' })).toBeNull();
  });

  it('always shows GBP, even empty, once anything is held', async () => {
    renderDashboard(bundle({ LAND_EUR: { owned: 10, total_value_bought: 1_000, total_value_today: 1_070, profit: 70, profit_percentage: '7.00' } }));
    await screen.findByRole('heading', { level: 2, name: 'Your holdings' });
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)).toEqual(['GBP Units', 'EUR Units']);
    expect(figure(holdingCard('GBP Units'), 'Units held').textContent).toBe('0');
  });

  it('invites a new user to buy', async () => {
    renderDashboard(bundle());
    const empty = await screen.findByRole('heading', { level: 3, name: 'You have no Units yet' });
    const state = empty.parentElement as HTMLElement;
    expect(state.textContent).toContain(`A GBP Unit costs ${formatPrice(todayPrice('LAND_POUND'), 'GBP')} today`);
    expect(within(state).getByRole('link', { name: 'Buy your first Units' }).getAttribute('href')).toBe('/dashboard/transaction?tab=buy');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('offers a staff account no way to buy: it holds no Units (decision 0037)', async () => {
    const staff = bundle();
    renderDashboard({ ...staff, user: { ...staff.user, role: 'ADMIN', adminRole: 'FINANCE' } });
    const empty = await screen.findByRole('heading', { level: 3, name: 'Staff accounts hold no Units' });
    expect((empty.parentElement as HTMLElement).textContent).toContain('Please use a separate personal account.');
    const tiles = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(within(tiles).queryByRole('link', { name: /Buy Units/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Buy/ })).toBeNull();
  });

  it('shows locked bonus and LU2X Units in the holdings area, and nothing of them when there are none', async () => {
    const data = bundle({ LAND_POUND: { owned: 100, owned_DOUBLE_LAND: 100, bonusLocked: 50, total_value_bought: 10_000, total_value_today: 10_700, profit: 700, profit_percentage: '7.00' } });
    renderDashboard({
      ...data,
      userDashBoardDetails: {
        ...data.userDashBoardDetails,
        buyOrderBonusLockedByStatus: {
          LockedBonusApproved: [{ orderId: 'o1', code: 'BONUS50', unlockDate: '2026-09-07T09:00:00.000Z', lockedUnits: 50, unitType: 'LAND_POUND' }],
          PaymentSent: [],
        },
        doubleLand: Object.fromEntries(
          UNIT_TYPES.map((t) => [
            t,
            t === 'LAND_POUND' ? { lockedUnits: 100, nextUnlockAt: '2026-10-01T00:00:00.000Z', nextUnlockUnits: 10 } : { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 },
          ]),
        ),
      },
    });
    const holdings = (await screen.findByRole('heading', { level: 2, name: 'Your holdings' })).closest('section') as HTMLElement;
    const locked = within(holdings).getByRole('region', { name: 'Locked Units' });
    expect(within(locked).getByRole('article', { name: 'Bonus Units' }).textContent).toContain('Unlock on 07 Sep 2026');
    expect(within(locked).getByRole('article', { name: 'LU2X Units' }).textContent).toContain('Next: 10 unlock on 01 Oct 2026');
  });

  it('shows no locked Units section for holdings without any', async () => {
    renderDashboard(bundle({ LAND_POUND: { owned: 5, total_value_bought: 500, total_value_today: 535, profit: 35, profit_percentage: '7.00' } }));
    await screen.findByRole('heading', { level: 2, name: 'Your holdings' });
    expect(screen.queryByRole('region', { name: 'Locked Units' })).toBeNull();
  });

  it("lists today's price of every unit type", async () => {
    renderDashboard(bundle());
    const list = await screen.findByRole('list', { name: 'Price per Unit today' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `GBP Units${formatPrice(todayPrice('LAND_POUND'), 'GBP')}`,
      `USD Units${formatPrice(todayPrice('LAND_USD'), 'USD')}`,
      `EUR Units${formatPrice(todayPrice('LAND_EUR'), 'EUR')}`,
      `AUD Units${formatPrice(todayPrice('LAND_AUD'), 'AUD')}`,
    ]);
  });

  it('describes the price chart in words and in a table, for GBP by default and for the unit type chosen', async () => {
    const { user } = renderDashboard({ ...bundle(), landUnitStats: { ...bundle().landUnitStats, initialPrices: { ...STATS.initialPrices, LAND_USD: '1.240000' } } });
    const chart = await screen.findByRole('figure');
    const inOneYear = new Date('2027-03-10T00:00:00Z');
    const gbpToday = formatPrice(priceOn('LAND_POUND', NOW, STATS), 'GBP', 4);
    const gbpNextYear = formatPrice(priceOn('LAND_POUND', inOneYear, STATS), 'GBP', 4);
    expect(gbpToday).toBe('£1.0896');
    expect(chart.querySelector('figcaption')?.textContent).toBe(`Price of one GBP Unit: ${gbpToday} today, ${gbpNextYear} in one year (10 Mar 2027), growing 7.5% a year.`);
    expect(screen.getByRole('radio', { name: 'GBP' })).toHaveProperty('checked', true);

    const table = within(chart).getByRole('table', { hidden: true });
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((row) => row.textContent);
    expect(rows[0]).toBe('01 Jan 2025£1.0000');
    expect(rows[1]).toBe(`10 Mar 2026 (today)${formatPrice(priceOn('LAND_POUND', NOW, STATS), 'GBP')}`);
    expect(rows.at(-1)).toBe(`10 Mar 2027${formatPrice(priceOn('LAND_POUND', inOneYear, STATS), 'GBP')}`);

    await user.click(screen.getByRole('radio', { name: 'USD' }));
    const usdSettings = { ...STATS, initialPrices: { ...STATS.initialPrices, LAND_USD: '1.240000' } };
    expect(chart.querySelector('figcaption')?.textContent).toBe(
      `Price of one USD Unit: ${formatPrice(priceOn('LAND_USD', NOW, usdSettings), 'USD', 4)} today, ${formatPrice(priceOn('LAND_USD', inOneYear, usdSettings), 'USD', 4)} in one year (10 Mar 2027), growing 7.5% a year.`,
    );
  });

  it('asks for the bundle again when the cached one is not fresh, and shows the new figures', async () => {
    setSignedInHint();
    const api = mockApi({
      'GET /api/user/impact': noImpact,
      'GET /api/user/portfolio?range=3M': noPortfolio,
      'GET /api/user': () => json(200, bundle({ LAND_POUND: { owned: 42, total_value_today: 4_549, total_value_bought: 4_200, profit: 349, profit_percentage: '8.31' } })),
    });
    renderDashboard(bundle({ LAND_POUND: { owned: 1, total_value_today: 108, total_value_bought: 100, profit: 8, profit_percentage: '8.00' } }), 60_000);

    await waitFor(() => expect(figure(holdingCard('GBP Units'), 'Units held').textContent).toBe('42'));
    expect(api.callsTo('GET /api/user')).toHaveLength(1);
  });

  it('says so when the bundle lacks the dashboard, and loads it again on request', async () => {
    setSignedInHint();
    const api = mockApi({
      'GET /api/user/impact': noImpact,
      'GET /api/user/portfolio?range=3M': noPortfolio,
      'GET /api/user': () => json(200, bundle({ LAND_POUND: { owned: 7, total_value_today: 749, total_value_bought: 700, profit: 49, profit_percentage: '7.00' } })),
    });
    const { user } = renderDashboard({ user: bundle().user });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Your dashboard could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(figure(holdingCard('GBP Units'), 'Units held').textContent).toBe('7'));
    expect(api.callsTo('GET /api/user')).toHaveLength(1);
  });
});
