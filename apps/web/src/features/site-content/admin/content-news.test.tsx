import { FILE_MESSAGES } from '@landunits/domain';
import { CONTENT_MESSAGES, type AdminCategory, type AdminNewsItem } from '@landunits/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';
import { mockUploads, pdfFile, pngFile } from '../../../test/verification-fixtures';

const RIVERS: AdminCategory = { id: 3, name: 'Rivers', slug: 'rivers', position: 1, items: 1, createdAt: '2026-05-01T09:00:00.000Z' };
const IMAGE_ID = 'c'.repeat(64);

const item = (overrides: Partial<AdminNewsItem> = {}): AdminNewsItem => ({
  id: 11,
  title: 'Otters return',
  description: 'Otters on the river.',
  body: 'First paragraph.',
  category: { id: 3, name: 'Rivers', slug: 'rivers' },
  image: `/api/site/images/${IMAGE_ID}`,
  imageId: IMAGE_ID,
  imageAlt: 'An otter',
  link: null,
  status: 'draft',
  state: 'draft',
  publishedAt: null,
  isDemo: false,
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-02T10:30:00.000Z',
  ...overrides,
});

const LIST = 'GET /api/admin/site/news?page=1&pageSize=20&sort=publishedAt&dir=desc';
const CATEGORIES = 'GET /api/admin/site/news-categories?pageSize=100';
const page = (items: AdminNewsItem[]) => json(200, { items, total: items.length, page: 1, pageSize: 20 });

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

function open(path: string, handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    [CATEGORIES]: () => json(200, { categories: [RIVERS], total: 1, page: 1, pageSize: 100 }),
    'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }),
    ...handlers,
  });
  renderApp(path, { session: TEST_ADMIN });
  return api;
}

describe('/admin/news', () => {
  it('lists articles with their state, and asks the server to filter and sort', async () => {
    const demo = item({ id: 12, title: 'A demo story', isDemo: true, status: 'published', state: 'published', publishedAt: '2026-04-01T09:00:00.000Z' });
    const api = open('/admin/news', {
      [LIST]: () => page([item(), demo]),
      'GET /api/admin/site/news?page=1&pageSize=20&sort=title&dir=asc': () => page([demo, item()]),
      'GET /api/admin/site/news?page=1&pageSize=20&sort=title&dir=asc&state=draft&category=3&q=otter': () => page([item()]),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'News articles (2)' })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[1]!).getByText('Published')).toBeTruthy();
    expect(within(rows[1]!).getByText('Demo')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Demo')).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('ascending'));
    await user.type(screen.getByLabelText('Search titles and summaries'), 'otter');
    await user.selectOptions(screen.getByLabelText('State'), 'draft');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/site/news?page=1&pageSize=20&sort=title&dir=asc&state=draft&category=3&q=otter')).toHaveLength(1));
  });

  it('publishes a draft from the list', async () => {
    const api = open('/admin/news', {
      [LIST]: () => page([item()]),
      'POST /api/admin/site/news/11/publish': () => json(200, { item: item({ status: 'published', state: 'published' }) }),
    });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Publish Otters return' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/site/news/11/publish')).toHaveLength(1));
    expect(await screen.findByText('“Otters return” is on the site.')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    open('/admin/news', { [LIST]: () => page([]) });
    expect(await screen.findByRole('heading', { name: 'No articles yet' })).toBeTruthy();
  });
});

describe('the article editor', () => {
  it('shows each field’s message from the shared schema', async () => {
    open('/admin/news?edit=new', {});
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save article' }));
    expect(await screen.findByText(CONTENT_MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(CONTENT_MESSAGES.imageRequired)).toBeTruthy();
    expect(screen.getByText(CONTENT_MESSAGES.imageAltRequired)).toBeTruthy();
    expect(screen.getByText(CONTENT_MESSAGES.categoryRequired)).toBeTruthy();
  });

  it('refuses a PDF as the image before sending anything', async () => {
    const uploads = mockUploads({});
    open('/admin/news?edit=new', {});
    fireEvent.change(await screen.findByLabelText('Image'), { target: { files: [pdfFile('report.pdf')] } });
    expect(await screen.findByText(FILE_MESSAGES.imageOnly)).toBeTruthy();
    expect(uploads.calls).toHaveLength(0);
  });

  it('uploads the image with progress, previews the article and saves it', async () => {
    let release!: () => void;
    const uploads = mockUploads({
      'POST /api/admin/site/images': (call) => {
        call.progress(50, 100);
        return new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { image: { id: IMAGE_ID, url: `/api/site/images/${IMAGE_ID}`, contentType: 'image/png', size: 1200 } } });
        });
      },
    });
    const api = open('/admin/news?edit=new', {
      'POST /api/admin/site/news': () => json(201, { item: item({ title: 'Otters return', status: 'published', state: 'published' }) }),
      [LIST]: () => page([item({ status: 'published', state: 'published' })]),
    });
    const user = userEvent.setup({ delay: null });
    fireEvent.change(await screen.findByLabelText('Image'), { target: { files: [pngFile('otter.png')] } });
    expect(await screen.findByRole('progressbar', { name: 'Uploading' })).toBeTruthy();
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(uploads.calls[0]?.body.get('image')).toBeInstanceOf(File);

    await user.type(screen.getByLabelText('Title'), 'Otters return');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    await user.type(screen.getByLabelText('Summary'), 'Otters on the river.');
    await user.type(screen.getByLabelText('Article'), 'First paragraph.{Enter}{Enter}Second paragraph.');
    await user.type(screen.getByLabelText('Image description (alt text)'), 'An otter');
    await user.click(screen.getByRole('radio', { name: /Published/ }));

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('img', { name: 'An otter' }).getAttribute('src')).toBe(`/api/site/images/${IMAGE_ID}`);
    expect(within(preview).getByText('Second paragraph.')).toBeTruthy();
    expect(within(preview).getByText(/Rivers/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/site/news')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/site/news')[0]?.body).toEqual({
      title: 'Otters return',
      description: 'Otters on the river.',
      body: 'First paragraph.\n\nSecond paragraph.',
      categoryId: 3,
      imageId: IMAGE_ID,
      imageAlt: 'An otter',
      link: null,
      status: 'published',
      publishedAt: null,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'News articles (1)' })).toBeTruthy();
  });
});
