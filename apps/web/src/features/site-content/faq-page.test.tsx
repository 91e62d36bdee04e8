import { DISCLAIMER, FAQ_ENTRIES, findRoute } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { FaqPage } from './faq-page';

const main = () => within(document.getElementById('main') as HTMLElement);

/** Heading levels of the page's main region, in document order. */
function headingLevels(): number[] {
  return Array.from(document.querySelectorAll('#main h1, #main h2, #main h3, #main h4')).map((h) => Number(h.tagName[1]));
}

describe('/faq', () => {
  it('shows the ten questions, each answered under its own anchor, with a list of links to them', async () => {
    renderApp('/faq', { session: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(findRoute('/faq').title));

    expect(FAQ_ENTRIES).toHaveLength(10);
    const contents = within(screen.getByRole('navigation', { name: 'Questions' }));
    const links = contents.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(FAQ_ENTRIES.map((entry) => `#${entry.id}`));

    for (const entry of FAQ_ENTRIES) {
      expect(contents.getByRole('link', { name: entry.question })).toBeTruthy();
      const section = document.getElementById(entry.id);
      expect(section?.tagName).toBe('SECTION');
      const answer = within(section as HTMLElement);
      expect(answer.getByRole('heading', { level: 2, name: entry.question })).toBeTruthy();
      for (const paragraph of entry.answer) expect(answer.getByText(paragraph)).toBeTruthy();
    }
    expect(document.getElementById('what-is-a-unit')).not.toBeNull();
  });

  it('links to the fees, registration and contact pages, and states the disclaimer', async () => {
    renderApp('/faq', { session: null });
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });

    expect(main().getByRole('link', { name: 'See every fee' }).getAttribute('href')).toBe('/fees');
    expect(main().getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(
      main()
        .getAllByRole('link', { name: /contact us/i })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/contact-us', '/contact-us']);
    expect(main().getByText(DISCLAIMER)).toBeTruthy();
  });

  it('has one h1 and headings that never skip a level', async () => {
    renderApp('/faq', { session: null });
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });

    const levels = headingLevels();
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] as number)).toBeLessThanOrEqual(1);
    });
  });

  it('renders on the server to complete HTML: every anchor and answer is there without JavaScript', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/faq']}>
        <FaqPage />
      </MemoryRouter>,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');

    expect(page.querySelectorAll('h1')).toHaveLength(1);
    for (const entry of FAQ_ENTRIES) {
      const section = page.getElementById(entry.id);
      expect(section?.querySelector('h2')?.textContent).toBe(entry.question);
      expect(Array.from(section?.querySelectorAll('p') ?? [], (p) => p.textContent)).toEqual([...entry.answer]);
      expect(page.querySelector(`a[href="#${entry.id}"]`)?.textContent).toBe(entry.question);
    }
  });
});
