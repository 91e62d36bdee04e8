import { NEWS_PAGE_SIZE, type NewsCategory, type NewsItem, type NewsPage as NewsPageBody } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { NewsCategoryPage, NewsPage } from './news-pages';

const FORESTRY: NewsCategory = { name: 'Forestry', slug: 'forestry' };
const FARMING: NewsCategory = { name: 'Regenerative farming', slug: 'regenerative-farming' };
const CATEGORIES = [FORESTRY, FARMING];

let nextId = 1;
function newsItem(overrides: Partial<NewsItem> = {}): NewsItem {
  const id = nextId++;
  return {
    id,
    title: `Article ${id}`,
    desc: `What happened in article ${id}.`,
    image: `/news-images/article-${id}.webp`,
    imageAlt: `Photo for article ${id}`,
    link: `/news/article-${id}`,
    hasBody: false,
    publishedAt: '2025-01-10T09:00:00.000Z',
    category: FORESTRY,
    isDemo: false,
    ...overrides,
  };
}

function newsPage(items: NewsItem[], overrides: Partial<NewsPageBody> = {}): NewsPageBody {
  return { items, page: 1, pageSize: 12, totalItems: items.length, totalPages: 1, category: null, ...overrides };
}

function renderNews(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/news" element={<NewsPage />} />
      <Route path="/news/category/:slug" element={<NewsCategoryPage />} />
    </Routes>,
    { path, session: null },
  );
}

const cards = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('/news', () => {
  it('shows the grid with category links, dates in UTC and images sized 16:9; demo articles carry no badge', async () => {
    const items = [
      newsItem({
        title: 'A new 40 ha forest',
        desc: 'Planting has started.',
        link: '/news/forest',
        publishedAt: '2025-03-05T23:30:00.000Z',
        isDemo: true,
      }),
      newsItem({ title: 'Hedgerows are back', link: 'https://www.example.org/hedgerows', category: FARMING }),
      newsItem(),
      newsItem({ isDemo: true }),
    ];
    mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news': () => json(200, newsPage(items)),
    });
    renderNews('/news');

    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    await screen.findByRole('link', { name: 'A new 40 ha forest' });
    expect(cards()).toEqual(['A new 40 ha forest', 'Hedgerows are back', items[2]?.title, items[3]?.title]);

    const nav = within(screen.getByRole('navigation', { name: 'News categories' }));
    await nav.findByRole('link', { name: 'Forestry' });
    expect(nav.getByRole('link', { name: 'All news' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Forestry' }).getAttribute('href')).toBe('/news/category/forestry');
    expect(nav.getByRole('link', { name: 'Forestry' }).getAttribute('aria-current')).toBeNull();
    expect(nav.getByRole('link', { name: 'Regenerative farming' }).getAttribute('href')).toBe('/news/category/regenerative-farming');

    // Internal links stay in the app; external ones open in the same tab, so no new-tab hint.
    expect(screen.getByRole('link', { name: 'A new 40 ha forest' }).getAttribute('href')).toBe('/news/forest');
    const external = screen.getByRole('link', { name: 'Hedgerows are back' });
    expect(external.getAttribute('href')).toBe('https://www.example.org/hedgerows');
    expect(external.getAttribute('rel')).toBe('noopener');
    expect(external.getAttribute('target')).toBeNull();
    expect(screen.queryByText(/new tab/i)).toBeNull();

    const first = screen.getByRole('link', { name: 'A new 40 ha forest' }).closest('li');
    expect(first).toBeTruthy();
    const card = within(first as HTMLElement);
    // 23:30 UTC on the 5th is still the 5th, whatever the machine's time zone.
    expect(card.getByText('05 Mar 2025').getAttribute('dateTime')).toBe('2025-03-05T23:30:00.000Z');
    expect(card.getByText('Planting has started.')).toBeTruthy();
    expect(card.getByText('Forestry')).toBeTruthy();
    expect(screen.queryByText(/demo article/i)).toBeNull();
    expect(within(screen.getByRole('link', { name: 'Hedgerows are back' }).closest('li') as HTMLElement).getByText('example.org')).toBeTruthy();

    const images = screen.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(items.map((i) => i.imageAlt));
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('640');
      expect(img.getAttribute('height')).toBe('360');
      expect(img.getAttribute('decoding')).toBe('async');
    }
    // The first row loads at once; the rest waits until it scrolls near.
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([null, null, null, 'lazy']);
    expect(screen.queryByRole('navigation', { name: 'News pages' })).toBeNull();
  });

  it('pages with ?page=, asking the API for the next page', async () => {
    const firstPage = Array.from({ length: 12 }, () => newsItem());
    const secondPage = [newsItem({ title: 'The oldest story' })];
    const api = mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news': () => json(200, newsPage(firstPage, { totalItems: 13, totalPages: 2 })),
      'GET /api/site/news?page=2': () => json(200, newsPage(secondPage, { page: 2, totalItems: 13, totalPages: 2 })),
    });
    const { user, location } = renderNews('/news');

    await screen.findByRole('link', { name: firstPage[0]?.title ?? '' });
    const pager = within(screen.getByRole('navigation', { name: 'News pages' }));
    expect(pager.getByText('Page 1 of 2')).toBeTruthy();
    expect(pager.queryByRole('link', { name: 'Newer news' })).toBeNull();
    await user.click(pager.getByRole('link', { name: 'Older news' }));

    expect(await screen.findByRole('link', { name: 'The oldest story' })).toBeTruthy();
    expect(location.current).toBe('/news?page=2');
    expect(api.callsTo('GET /api/site/news?page=2')).toHaveLength(1);
    expect(cards()).toEqual(['The oldest story']);
    // Later pages load lazily from the first image on.
    expect(screen.getByRole('img').getAttribute('loading')).toBe('lazy');

    const back = within(screen.getByRole('navigation', { name: 'News pages' })).getByRole('link', { name: 'Newer news' });
    expect(back.getAttribute('href')).toBe('/news');
  });

  it('starts from the page in the address', async () => {
    const api = mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news?page=3': () => json(200, newsPage([newsItem({ title: 'Page three' })], { page: 3, totalItems: 25, totalPages: 3 })),
    });
    renderNews('/news?page=3');
    expect(await screen.findByRole('link', { name: 'Page three' })).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Newer news' }).getAttribute('href')).toBe('/news?page=2');
    expect(api.callsTo('GET /api/site/news')).toHaveLength(0);
  });

  it('shows a skeleton while loading, then an empty state', async () => {
    const answer = deferred<Response>();
    mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news': () => answer.promise,
    });
    renderNews('/news');
    const loading = screen.getByRole('status');
    expect(loading.textContent).toBe('Loading the news…');
    // A full page of placeholder cards, so nothing moves when the news arrives.
    expect(loading.querySelectorAll('li')).toHaveLength(NEWS_PAGE_SIZE);

    answer.resolve(json(200, newsPage([])));
    expect(await screen.findByRole('heading', { level: 2, name: 'No news yet' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the page asked for is past the end, with a link to the first', async () => {
    mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news?page=9': () => json(200, newsPage([], { page: 9, totalItems: 13, totalPages: 2 })),
    });
    renderNews('/news?page=9');
    expect(await screen.findByRole('heading', { level: 2, name: 'There is no page 9' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/news');
  });

  it('shows an error with a retry that asks again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news': () => {
        calls += 1;
        return calls === 1 ? json(503, { message: 'The news is resting.', code: 'UNAVAILABLE' }) : json(200, newsPage([newsItem({ title: 'Back again' })]));
      },
    });
    const { user } = renderNews('/news');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We could not load the news' })).toBeTruthy();
    expect(within(alert).getByText('The news is resting.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Back again' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('/news/category/{slug}', () => {
  it('names the category, marks it current and asks for its news only', async () => {
    const api = mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news?category=forestry': () => json(200, newsPage([newsItem({ title: 'Trees', isDemo: true })], { category: FORESTRY })),
    });
    renderNews('/news/category/forestry');

    expect(await screen.findByRole('heading', { level: 1, name: 'News: Forestry' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Trees' })).toBeTruthy();
    expect(screen.queryByText('Demo article')).toBeNull();
    const nav = within(screen.getByRole('navigation', { name: 'News categories' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'Forestry' }).getAttribute('aria-current')).toBe('page'));
    expect(nav.getByRole('link', { name: 'All news' }).getAttribute('aria-current')).toBeNull();
    expect(nav.getByRole('link', { name: 'Regenerative farming' }).getAttribute('aria-current')).toBeNull();
    expect(api.callsTo('GET /api/site/news')).toHaveLength(0);
  });

  it('has its own empty state', async () => {
    mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news?category=regenerative-farming': () => json(200, newsPage([], { category: FARMING })),
    });
    renderNews('/news/category/regenerative-farming');
    expect(await screen.findByRole('heading', { level: 2, name: 'No news in this category yet' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'News: Regenerative farming' })).toBeTruthy();
  });

  it('answers an unknown category with a not-found state and a way back to all news', async () => {
    mockApi({
      'GET /api/site/news/categories': () => json(200, CATEGORIES),
      'GET /api/site/news?category=no-such-thing': () => json(404, { message: 'We could not find this news category.', code: 'NOT_FOUND' }),
    });
    renderNews('/news/category/no-such-thing');

    expect(await screen.findByRole('heading', { level: 1, name: 'News category not found' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('We have no news category at this address. It may have been renamed or removed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all news' }).getAttribute('href')).toBe('/news');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
