import { FAQ_ENTRIES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { inProviders, renderWithProviders, testQueryClient } from '../../test/render-app';
import { siteStatistics } from '../../test/site-fixtures';
import { HomePage } from './home-page';
import * as feedbackStyles from '../../shared/ui/feedback.module.css';

/** Land values with pennies, so the page can only show them right by formatting the cents. */
const STATS = siteStatistics({
  landValues: { GBP: 847_390_012, USD: 1_050_763_615, EUR: 1_008_394_114, AUD: 1_686_306_199 },
  asOf: '2026-03-10',
});

const renderHome = () => renderWithProviders(<HomePage />);

const TEASER = 'GET /api/site/project-teaser';
const NO_TEASER = { project: null };
const FOREST = {
  project: {
    id: 7,
    name: 'Glen Arden native forest',
    location: 'Perthshire, Scotland',
    areaHectares: '40.00',
    description: 'Native trees on former grazing.',
    image: { url: '/media/news/forest.svg', alt: 'Young trees on a hillside', imageId: null },
    impact: { co2Tonnes: 5200, treesPlanted: 64000, hedgerowMetres: null },
    state: 'open',
    isDemo: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    latestUpdate: { id: 3, date: '2026-03-15', text: 'Second planting season.' },
  },
};

const section = (id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`No element with id ${id}`);
  return element;
};

const landValueFigures = () => [...section('land-value').querySelectorAll('dl > div')].map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]);

describe('/ (home)', () => {
  it('shows the current value of the managed land in GBP, USD and EUR, to the penny, with its date', async () => {
    mockApi({ 'GET /api/site/statistics': () => json(200, STATS), [TEASER]: () => json(200, NO_TEASER) });
    renderHome();

    await screen.findByText('£8,473,900.12');
    expect(landValueFigures()).toEqual([
      ['Pounds sterling (GBP)', '£8,473,900.12'],
      ['US dollars (USD)', '$10,507,636.15'],
      ['Euros (EUR)', '€10,083,941.14'],
    ]);
    const block = section('land-value');
    expect(within(block).getByRole('heading', { level: 2 }).textContent).toBe('The value of the land we manage');
    expect(block.textContent).toContain('As of 10 Mar 2026.');
    expect(block.textContent).not.toContain('A$');
    expect(within(block).getByRole('link', { name: 'See every figure on Statistics' }).getAttribute('href')).toBe('/statistics');
  });

  it('keeps the box of the land values while they load, then fills it', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'GET /api/site/statistics': () => new Promise<Response>((resolve) => (answer = resolve)), [TEASER]: () => json(200, NO_TEASER) });
    renderHome();

    // The hero is there at once, as text: it does not wait for any data.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Units backed by land that is cared for');
    expect(landValueFigures()).toEqual([
      ['Pounds sterling (GBP)', ''],
      ['US dollars (USD)', ''],
      ['Euros (EUR)', ''],
    ]);
    expect(section('land-value').querySelectorAll(`dd .${feedbackStyles.skeleton}`)).toHaveLength(3);
    expect(within(section('land-value')).getByRole('status').textContent).toBe('Loading the value of the land…');

    answer(json(200, STATS));
    expect(await screen.findByText('$10,507,636.15')).toBeTruthy();
    expect(section('land-value').querySelectorAll(`.${feedbackStyles.skeleton}`)).toHaveLength(0);
  });

  it('says when the land values cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/site/statistics': () => (fail ? json(503, { message: 'Service unavailable', code: 'UNAVAILABLE' }) : json(200, STATS)),
      [TEASER]: () => json(200, NO_TEASER),
    });
    const { user } = renderHome();

    const alert = await within(section('land-value')).findByRole('alert');
    expect(alert.textContent).toContain('The value of the land could not be loaded. Service unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(landValueFigures()[0]).toEqual(['Pounds sterling (GBP)', '£8,473,900.12']));
    expect(within(section('land-value')).queryByRole('alert')).toBeNull();
    expect(api.callsTo('GET /api/site/statistics')).toHaveLength(2);
  });

  it('makes every claim of the product, and says what a Unit is not', () => {
    mockApi({ 'GET /api/site/statistics': () => json(200, STATS), [TEASER]: () => json(200, NO_TEASER) });
    renderHome();
    const text = document.body.textContent?.replace(/\s+/g, ' ') ?? '';

    for (const claim of [
      'CSR and ESG benefits',
      'Buying takes about a minute',
      'Selling or transferring takes about 30 seconds',
      'Projects up to $150 million',
      '20 years of experience',
      'A 40 ha forest project',
      '30% additional CO\u2082 sequestration',
      'a 7% increase in hedgerows',
      'a 5% increase in forest',
      'the money from sales buys sustainably managed land',
      'A Unit is not ownership of land',
      'Not investment advice',
    ]) {
      expect(text, claim).toContain(claim);
    }
  });

  it('has the FAQ, about-us, contact and newsletter anchors, and the 2025 report', () => {
    mockApi({ 'GET /api/site/statistics': () => json(200, STATS), [TEASER]: () => json(200, NO_TEASER) });
    renderHome();

    const faq = section('faq');
    expect(within(faq).getByRole('heading', { level: 2 }).textContent).toBe('Frequently asked questions');
    expect([...faq.querySelectorAll('details > summary')].map((s) => s.textContent)).toEqual(FAQ_ENTRIES.slice(0, 5).map((entry) => entry.question));
    expect(faq.querySelector('details')?.textContent).toContain(FAQ_ENTRIES[0]?.answer[0]);
    expect(within(faq).getByRole('link', { name: 'All questions' }).getAttribute('href')).toBe('/faq');

    const about = section('about-us');
    expect(within(about).getByRole('heading', { level: 2 }).textContent).toBe('About us');
    const aboutLinks = within(about)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(aboutLinks).toContain('/about-us');
    expect(aboutLinks).toContain('/team');

    const contact = section('contact');
    const contactForm = within(contact).getByRole('form', { name: 'Contact us' });
    expect(within(contactForm).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(within(contactForm).getByRole('button', { name: 'Send message' })).toBeTruthy();

    const newsletter = section('newsletter');
    const newsletterForm = within(newsletter).getByRole('form', { name: 'Newsletter' });
    expect(within(newsletterForm).getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(within(newsletterForm).getByRole('button', { name: 'Subscribe' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Read our 2025 report (PDF)' }).getAttribute('href')).toBe('/api/site/report-2025.pdf');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('renders on the server with the land values the server passes in', () => {
    const client = testQueryClient();
    // The key the server seeds for / (site-queries.ts ssrQueries).
    client.setQueryData(['site', 'statistics'], STATS);
    client.setQueryData(['site', 'project-teaser'], FOREST);
    const html = renderToString(inProviders(<HomePage />, client));
    expect(html).toContain('Glen Arden native forest');
    expect(html).toContain('40 ha');
    expect(html).toContain('64,000 trees');
    expect(html).toContain('15 Mar 2026');
    expect(html).toContain(`href="/login?next=${encodeURIComponent('/dashboard/projects/open')}"`);
    expect(html).toContain('Units backed by land that is cared for');
    expect(html).toContain('€10,083,941.14');
    expect(html).toContain('As of 10 Mar 2026.');
    expect(html).toContain('id="contact"');
    expect(html).not.toContain(feedbackStyles.skeleton);
  });

  it('shows the one project chosen for visitors and asks them to log in to see all projects', async () => {
    mockApi({ 'GET /api/site/statistics': () => json(200, STATS), [TEASER]: () => json(200, FOREST) });
    renderHome();
    const block = section('land-projects');
    await within(block).findByRole('heading', { level: 3, name: 'Glen Arden native forest' });
    expect(within(block).getByRole('img', { name: 'Young trees on a hillside' })).toBeTruthy();
    expect(block.textContent).toContain('Second planting season.');
    expect(within(block).getByRole('link', { name: 'Log in to see all projects' }).getAttribute('href')).toBe('/login?next=%2Fdashboard%2Fprojects%2Fopen');
  });

  it('still asks visitors to log in when no project is chosen', async () => {
    mockApi({ 'GET /api/site/statistics': () => json(200, STATS), [TEASER]: () => json(200, NO_TEASER) });
    renderHome();
    const block = section('land-projects');
    expect(await within(block).findByRole('link', { name: 'Log in to see all projects' })).toBeTruthy();
    expect(within(block).queryByRole('heading', { level: 3 })).toBeNull();
  });
});
