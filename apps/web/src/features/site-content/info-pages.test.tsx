import { CONSENT_CATEGORIES, DEFAULT_MONEY_SETTINGS, findRoute, formatMoney, SITE_API } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_USER } from '../../test/render-app';

const mainElement = () => document.getElementById('main') as HTMLElement;
const main = () => within(mainElement());
/** The main region's text with runs of white space made single. */
const mainText = () => (mainElement().textContent ?? '').replace(/\s+/g, ' ');

async function openPage(path: string, heading: string, session: typeof TEST_USER | null = null) {
  const rendered = renderApp(path, { session });
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe(findRoute(path).title));
  return rendered;
}

/** One h1, first; no heading skips a level; every in-page link has its target on the page. */
function expectSoundStructure() {
  const levels = Array.from(mainElement().querySelectorAll('h1, h2, h3, h4'), (h) => Number(h.tagName[1]));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level - (levels[i - 1] as number)).toBeLessThanOrEqual(1);
  });
  const anchors = Array.from(mainElement().querySelectorAll('a[href^="#"]'), (a) => a.getAttribute('href')?.slice(1) ?? '');
  for (const id of anchors) expect(document.getElementById(id), `#${id}`).not.toBeNull();
  return anchors;
}

const href = (name: string | RegExp) => main().getByRole('link', { name }).getAttribute('href');

describe('/about-us', () => {
  it('tells the company story with the SPEC figures and links to team, statistics and references', async () => {
    await openPage('/about-us', 'About us');

    const text = mainText();
    for (const claim of ['20 years', '$150 million', '40 ha forest project', '30 %', 'additional CO2 sequestration', '7 %', '5 %']) {
      expect(text).toContain(claim);
    }
    expect(text).toContain('A Unit is not ownership of land');
    expect(href('Meet the team')).toBe('/team');
    expect(href('Land and environmental statistics')).toBe('/statistics');
    expect(href('References')).toBe('/references');
    expectSoundStructure();
  });
});

describe('/business', () => {
  it('leads to /business-register, links the 2025 report as a PDF and states the business limit', async () => {
    await openPage('/business', 'Land Units for businesses and governments');

    const register = main().getAllByRole('link', { name: 'Register your business' });
    expect(register.length).toBeGreaterThan(0);
    for (const link of register) expect(link.getAttribute('href')).toBe('/business-register');
    // The header's business variant sends Register to the business form too.
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/business-register');

    const report = main().getByRole('link', { name: 'Download the 2025 report (PDF)' });
    expect(report.getAttribute('href')).toBe(SITE_API.report2025);

    const limit = formatMoney(DEFAULT_MONEY_SETTINGS.purchaseLimitsInCents.businessApproved, 'GBP').slice(1);
    expect(limit).toBe('1,000,000.00');
    const text = mainText();
    expect(text).toContain(`buy up to ${limit} in each currency`);
    expect(text).toMatch(/CSR/);
    expect(text).toMatch(/ESG/);
    expect(text).toContain('bank transfer');
    expect(text).toContain('Nothing on this site is investment advice');
    expectSoundStructure();
  });
});

describe('campaign pages', () => {
  it('/rocket1: persuasive and honest, with only Log in in the header and a call to register', async () => {
    await openPage('/rocket1', 'Grow with the land');

    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Log in']);
    expect(href('Register')).toBe('/register');
    expect(href('Register now')).toBe('/register');

    const text = mainText();
    for (const claim of [
      'Buy in about a minute',
      'Sell or transfer in about 30 seconds',
      'rise in price every day at a fixed rate, 7.5 % a year by default',
      'pounds, US dollars, euros or Australian dollars',
      'A Unit is not ownership of land',
      'nothing here is investment advice',
      '£1.00, $1.00, €1.00 or A$1.00',
    ]) {
      expect(text).toContain(claim);
    }
    expectSoundStructure();
  });

  it('/landing: the same promises under its own heading, leading to /register', async () => {
    await openPage('/landing', 'Units backed by land');

    expect(href('Create your account')).toBe('/register');
    const text = mainText();
    expect(text).toContain('Sell or transfer in about 30 seconds');
    expect(text).toContain('A Unit is not ownership of land');
    expectSoundStructure();
  });
});

describe('/references', () => {
  it('cites sources by title and publisher and links only to publishers’ home pages', async () => {
    await openPage('/references', 'References');

    for (const heading of ['Hedgerows', 'Forests and woodland', 'Soil, carbon and land use']) {
      expect(main().getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(mainElement().querySelectorAll('cite').length).toBeGreaterThanOrEqual(6);
    const external = main()
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((url) => url.startsWith('http'));
    expect(external).toContain('https://www.gov.uk/');
    expect(external).toContain('https://www.fao.org/');
    for (const url of external) {
      const { protocol, pathname, search, hash } = new URL(url);
      expect(protocol).toBe('https:');
      expect(`${pathname}${search}${hash}`, url).toMatch(/^\/(eurostat)?$/);
    }
    expect(href('2025 report (PDF)')).toBe(SITE_API.report2025);
    expectSoundStructure();
  });
});

describe('/terms-and-conditions', () => {
  it('shows the version dated 10.03.25 and every SPEC §9 term', async () => {
    await openPage('/terms-and-conditions', 'Terms and conditions');

    const version = main().getByText(/Version dated/);
    expect(version.textContent).toBe('Version dated 10.03.25');
    expect(version.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-10');

    const section = (id: string) => (document.getElementById(id)?.textContent ?? '').replace(/\s+/g, ' ');
    expect(section('terms-withdrawal')).toContain('withdraw from a purchase within 14 days');
    expect(section('terms-withdrawal')).toContain('request a refund');
    expect(section('terms-complaints')).toContain('within 7 days');
    expect(section('terms-complaints')).toContain('within 30 days');
    expect(section('terms-buying')).toContain('to your Owned balance within 24 hours on a weekday');
    expect(section('terms-data')).toContain('up to 10 years');
    expect(section('terms-copying')).toContain('A fine of €5,000 is payable for each copying violation');
    expect(section('terms-under-18')).toContain('under 18');
    expect(section('terms-under-18')).toContain('consent of a parent or guardian');
  });

  it('covers fees, ownership, advice, prices, accounts and the governing text, with a working table of contents', async () => {
    await openPage('/terms-and-conditions', 'Terms and conditions');

    expect(document.getElementById('terms-fees')?.querySelector('a')?.getAttribute('href')).toBe('/fees');
    const text = mainText();
    expect(text).toContain('A Unit is not ownership of land');
    expect(text).toContain('Nothing on Land Units is investment advice');
    expect(text).toContain('Prices rise at a fixed daily rate');
    expect(text).toContain('profile verification and bank verification are both approved');
    expect(text).toContain('the English text is the governing text');

    const contents = within(screen.getByRole('navigation', { name: 'Contents' }));
    const anchors = expectSoundStructure();
    expect(contents.getAllByRole('link')).toHaveLength(anchors.length);
    expect(anchors.length).toBeGreaterThanOrEqual(10);
  });
});

describe('/privacy-policy', () => {
  it('says what is collected and why, for how long, the rights and how to get in touch', async () => {
    await openPage('/privacy-policy', 'Privacy policy');

    const text = mainText();
    for (const kind of ['Your account', 'Identity documents and profile', 'Bank details', 'Orders']) {
      expect(main().getByText(kind, { selector: 'dt' })).toBeTruthy();
    }
    for (const category of CONSENT_CATEGORIES) expect(main().getByText(category, { selector: 'dt' })).toBeTruthy();
    expect(text).toContain('for up to 10 years');
    for (const right of ['(access)', '(correction)', 'where the law allows us to (deletion)']) expect(text).toContain(right);
    expect(text).toContain('Your choice is kept for 1 year');
    expect(text).toContain('kept for 7 days');
    const contact = main().getAllByRole('link', { name: /^contact (us|page)$/i });
    expect(contact.length).toBeGreaterThan(0);
    for (const link of contact) expect(link.getAttribute('href')).toBe('/contact-us');
    expectSoundStructure();
  });
});

describe('signed-in reading pages', () => {
  it('/user-manual: a practical manual inside the dashboard layout, linking to the real pages', async () => {
    await openPage('/user-manual', 'User manual', TEST_USER);
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeTruthy();

    expect(href('Buy Units')).toBe('/dashboard/transaction?tab=buy');
    expect(href('Sell tab')).toBe('/dashboard/transaction?tab=sell');
    expect(href('Transfer now')).toBe('/dashboard/transaction?tab=transfer');
    expect(href('Schedule a transfer')).toBe('/dashboard/future-transfer');
    expect(href('Scheduled transfers')).toBe('/dashboard/view-future-transfer');
    expect(href('Convert')).toBe('/dashboard/convert');
    expect(href('Statement')).toBe('/dashboard/statement');
    expect(href('Invoices')).toBe('/dashboard/sales-invoices');
    expect(href('Profile verification')).toBe('/dashboard/settings/profile-verification');
    expect(href('Bank verification')).toBe('/dashboard/settings/bank-verification');

    for (const method of ['Bank', 'Card', 'Crypto']) expect(main().getByText(method, { selector: 'dt' })).toBeTruthy();
    const text = mainText();
    for (const fact of [
      'LU2X offer',
      'reference code',
      'payment reference',
      'A sale costs 10 Units',
      'Transfers are free',
      'by their email address',
      'Converted Units are locked for 30 days',
      '“Not Approved, please reapply”',
      'Nothing on this site is investment advice',
    ]) {
      expect(text).toContain(fact);
    }
    expectSoundStructure();
  });

  it('/dashboard/What-are-Land-Units: what a Unit is and is not', async () => {
    await openPage('/dashboard/What-are-Land-Units', 'What are Land Units', TEST_USER);

    const isNot = main().getByRole('heading', { level: 2, name: 'A Unit is not' }).closest('section') as HTMLElement;
    expect(within(isNot).getByText(/^Ownership of land\./)).toBeTruthy();
    expect(within(isNot).getByText('A bank deposit.')).toBeTruthy();
    expect(main().getByRole('heading', { level: 2, name: 'A Unit is' })).toBeTruthy();
    expect(mainText()).toContain('84.74 %');
    expect(href('User manual')).toBe('/user-manual');
    expectSoundStructure();
  });

  it('sends signed-out visitors of the manual to log in', async () => {
    const { location } = renderApp('/user-manual', { session: null });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(location.current).toBe('/login?next=%2Fuser-manual');
  });
});
