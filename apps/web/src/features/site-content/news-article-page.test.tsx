import type { NewsArticle } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { NewsArticlePage, NewsPage } from './news-pages';

const ARTICLE: NewsArticle = {
  id: 7,
  title: 'Otters return to the river',
  desc: 'A survey found otters on two kilometres of restored riverbank.',
  body: 'The survey team found fresh tracks.\n\nLocal volunteers <b>helped</b> plant the reeds.\nThey came every Saturday.',
  image: `/api/site/images/${'b'.repeat(64)}`,
  imageAlt: 'An otter on a mossy riverbank',
  link: 'https://www.example.org/otters',
  hasBody: true,
  publishedAt: '2026-05-04T09:00:00.000Z',
  category: { name: 'Rivers', slug: 'rivers' },
  isDemo: false,
};

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/news" element={<NewsPage />} />
      <Route path="/news/article/:id" element={<NewsArticlePage />} />
    </Routes>,
    { path, session: null },
  );
}

describe('/news/article/{id}', () => {
  it('shows the article with its picture, its paragraphs as plain text and where to read further', async () => {
    mockApi({ 'GET /api/site/articles/7': () => json(200, ARTICLE) });
    renderAt('/news/article/7');
    const article = await screen.findByRole('article', { name: 'Otters return to the river' });
    const image = within(article).getByRole('img', { name: 'An otter on a mossy riverbank' });
    expect(image.getAttribute('src')).toBe(ARTICLE.image);
    // The body follows the lead, a paragraph for each block of its text.
    const paragraphs = within(article).getByText(ARTICLE.desc).nextElementSibling?.querySelectorAll('p') ?? [];
    expect([...paragraphs].map((p) => p.textContent)).toEqual(['The survey team found fresh tracks.', 'Local volunteers <b>helped</b> plant the reeds.\nThey came every Saturday.']);
    expect(article.querySelector('b')).toBeNull();
    expect(within(article).getByRole('link', { name: 'Rivers' }).getAttribute('href')).toBe('/news/category/rivers');
    expect(within(article).getByRole('link', { name: 'example.org' }).getAttribute('href')).toBe('https://www.example.org/otters');
    expect(within(article).getByText('04 May 2026')).toBeTruthy();
    expect(within(article).queryByText('Demo article')).toBeNull();
  });

  it('shows a demo article like any other (the README says the content is demo), without further reading when it has no link', async () => {
    mockApi({ 'GET /api/site/articles/7': () => json(200, { ...ARTICLE, isDemo: true, link: null }) });
    renderAt('/news/article/7');
    const article = await screen.findByRole('article');
    expect(within(article).getByText(ARTICLE.desc)).toBeTruthy();
    expect(within(article).queryByText(/demo/i)).toBeNull();
    expect(within(article).queryByText(/Further reading/)).toBeNull();
  });

  it('says so when the article does not exist or is not published', async () => {
    mockApi({ 'GET /api/site/articles/8': () => json(404, { message: 'This news article does not exist.', code: 'NOT_FOUND' }) });
    renderAt('/news/article/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'News article not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all news' }).getAttribute('href')).toBe('/news');
  });

  it('is where a card’s title leads when the article has a body; otherwise its link', async () => {
    const withLink = { ...ARTICLE, id: 9, title: 'Read elsewhere', hasBody: false, link: '/statistics' };
    mockApi({
      'GET /api/site/news': () => json(200, { items: [ARTICLE, withLink], page: 1, pageSize: 12, totalItems: 2, totalPages: 1, category: null }),
      'GET /api/site/news/categories': () => json(200, [ARTICLE.category]),
    });
    renderAt('/news');
    expect((await screen.findByRole('link', { name: ARTICLE.title })).getAttribute('href')).toBe('/news/article/7');
    expect(screen.getByRole('link', { name: 'Read elsewhere' }).getAttribute('href')).toBe('/statistics');
  });
});
