import { ROUTES } from '@landunits/domain';
import { describe, expect, it } from 'vitest';
import { isBuilt, loadPage } from './page-modules';

describe('page modules', () => {
  it('finds a component for every built page in its chunk, under the route-table path', async () => {
    const built = [];
    for (const route of ROUTES) if (await isBuilt(route.path)) built.push(route);
    expect(built.length).toBeGreaterThan(90);
    for (const route of built) {
      const { default: Page } = await loadPage(route.path);
      expect(typeof Page, route.path).toBe('function');
    }
  }, 120_000);

  it('gives pages not built yet the placeholder page', async () => {
    expect(await isBuilt('/dashboard/not-a-page')).toBe(false);
    expect(await isBuilt('/not-a-page')).toBe(false);
    const { default: Page } = await loadPage('/dashboard/not-a-page');
    expect(Page.name).toBe('PlaceholderPage');
  });
});
