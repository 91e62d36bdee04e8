import { PROJECT_SHARE_METHOD } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render-app';
import { StatisticsPage } from '../statistics-page';

describe('/statistics#your-share-method', () => {
  it('states how "your share" is worked out, in plain words, even while the figures load', async () => {
    // The statistics never answer: the method does not wait for them.
    const pending = deferred<Response>();
    mockApi({ 'GET /api/site/statistics': () => pending.promise });
    renderWithProviders(<StatisticsPage />, { path: '/statistics' });
    const section = await screen.findByRole('region', { name: 'How we work out your share' });
    expect(section.id).toBe(PROJECT_SHARE_METHOD.anchor);
    const steps = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps[0]).toContain('what your Units are worth today divided by the value of the land');
    expect(steps[2]).toContain('your share of the land multiplied by that total');
    expect(section.textContent).toContain('not a separate offset or credit');
  });
});
