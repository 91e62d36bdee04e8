import { ROUTES } from '@landunits/domain';
import { describe, expect, it } from 'vitest';
import { isBuilt, loadPage } from './page-modules';

describe('page modules', () => {
  it('finds a component for every built page in its chunk, under the route-table path', async () => {
    const built = ROUTES.filter((route) => isBuilt(route.path));
    expect(built.length).toBeGreaterThan(90);
    for (const route of built) {
      const { default: Page } = await loadPage(route.path);
      expect(typeof Page, route.path).toBe('function');
    }
  }, 120_000);

  it('gives pages not built yet the placeholder page', async () => {
    expect(isBuilt('/dashboard/not-a-page')).toBe(false);
    const { default: Page } = await loadPage('/dashboard/not-a-page');
    expect(Page.name).toBe('PlaceholderPage');
  });
});
