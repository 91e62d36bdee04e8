import { DEFAULT_TRUST_STATEMENTS } from '@landunits/domain';
import { CONTENT_MESSAGES, type AdminCategory, type AdminTeamMember } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';
import { moved } from './team-section';

const member = (id: number, name: string, overrides: Partial<AdminTeamMember> = {}): AdminTeamMember => ({
  id,
  name,
  role: 'Ecologist',
  bio: '',
  photo: null,
  photoId: null,
  position: id,
  isDemo: false,
  updatedAt: '2026-05-01T09:00:00.000Z',
  ...overrides,
});

const ANN = member(1, 'Ann Field', { photo: `/api/site/images/${'d'.repeat(64)}`, photoId: 'd'.repeat(64) });
const BEN = member(2, 'Ben Wood', { isDemo: true });
const CY = member(3, 'Cy Moss');

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

function open(path: string, handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }),
    // The page's statements section (content-trust.test.tsx).
    'GET /api/admin/site/trust': () => json(200, { statements: DEFAULT_TRUST_STATEMENTS, shown: { regulatoryLine: false, regulatory: false, security: false }, version: 0, updatedAt: null }),
    ...handlers,
  });
  renderApp(path, { session: { ...TEST_ADMIN, adminRole: 'SUPPORT' } });
  return api;
}

describe('/admin/team', () => {
  it('moves a person with the keyboard, keeping the focus on the button pressed', async () => {
    const api = open('/admin/team', {
      'GET /api/admin/site/team': () => json(200, { members: [ANN, BEN, CY] }),
      'PUT /api/admin/site/team-order': () => json(200, { members: [BEN, ANN, CY] }),
    });
    const list = await screen.findByRole('list', { name: 'Team, in the order of the team page' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe(ANN.photo);
    expect(within(items[1]!).getByText('Demo profile')).toBeTruthy();
    expect(within(items[0]!).queryByText('Demo profile')).toBeNull();
    expect((within(items[0]!).getByRole('button', { name: /Move up/ }) as HTMLButtonElement).disabled).toBe(true);

    const user = userEvent.setup({ delay: null });
    const down = within(items[0]!).getByRole('button', { name: 'Move down Ann Field' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('PUT /api/admin/site/team-order')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/site/team-order')[0]?.body).toEqual({ ids: [2, 1, 3] });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => ['Ann Field', 'Ben Wood', 'Cy Moss'].find((name) => li.textContent?.includes(name))),
      ).toEqual(['Ben Wood', 'Ann Field', 'Cy Moss']),
    );
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Move down'));
    expect(document.activeElement?.textContent).toContain('Ann Field');
    expect(screen.getByText('Ann Field is now number 2 of 3.')).toBeTruthy();
  });

  it('adds someone through the form', async () => {
    const api = open('/admin/team', {
      'GET /api/admin/site/team': () => json(200, { members: [] }),
      'POST /api/admin/site/team': () => json(201, { member: CY }),
    });
    expect(await screen.findByRole('heading', { name: 'Nobody on the team page yet' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add to the team' }));
    expect(await screen.findByText(CONTENT_MESSAGES.nameRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Cy Moss');
    await user.type(screen.getByLabelText('Role'), 'Ecologist');
    await user.click(screen.getByRole('button', { name: 'Add to the team' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/site/team')[0]?.body).toEqual({ name: 'Cy Moss', role: 'Ecologist', bio: '', photoId: null }));
  });

  it('moves ids a place up or down, and nowhere past the ends', () => {
    expect(moved([1, 2, 3], 3, 'up')).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
  });
});

describe('/admin/news/categories', () => {
  const WETLANDS: AdminCategory = { id: 5, name: 'Wetlands', slug: 'wetlands', position: 1, items: 2, createdAt: '2026-05-01T09:00:00.000Z' };
  const LIST = 'GET /api/admin/site/news-categories?page=1&pageSize=20&sort=position&dir=asc';

  it('suggests the slug from the name and posts the shared schema’s values', async () => {
    const api = open('/admin/news/categories', {
      [LIST]: () => json(200, { categories: [WETLANDS], total: 1, page: 1, pageSize: 20 }),
      'POST /api/admin/site/news-categories': () => json(201, { category: { ...WETLANDS, id: 6, name: 'Land & Water', slug: 'land-water', items: 0 } }),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Name'), 'Land & Water');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('land-water');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/site/news-categories')[0]?.body).toEqual({ name: 'Land & Water', slug: 'land-water' }));
  });

  it('says why a category with articles cannot be deleted', async () => {
    open('/admin/news/categories', {
      [LIST]: () => json(200, { categories: [WETLANDS], total: 1, page: 1, pageSize: 20 }),
      'DELETE /api/admin/site/news-categories/5': () => json(409, { code: 'CONFLICT', message: CONTENT_MESSAGES.categoryInUse(2) }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Wetlands' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the category “Wetlands”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(await within(dialog).findByText('This category has 2 news articles. Move or delete them first.')).toBeTruthy();
  });

  it('refuses a slug in the wrong format at its field', async () => {
    open('/admin/news/categories', { [LIST]: () => json(200, { categories: [], total: 0, page: 1, pageSize: 20 }) });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Slug'), 'Bad Slug');
    await user.type(screen.getByLabelText('Name'), 'Bad');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText(CONTENT_MESSAGES.slugFormat)).toBeTruthy();
  });
});
