import { DEFAULT_TRUST_STATEMENTS } from '@landunits/domain';
import type { AdminTrustStatements } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const PLACEHOLDERS: AdminTrustStatements = { statements: DEFAULT_TRUST_STATEMENTS, shown: { regulatoryLine: false, regulatory: false, security: false }, version: 0, updatedAt: null };
const LINE = 'Land Units is run by Example Land Ltd, registered in England and Wales under company number 01234567.';

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

function open(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }),
    'GET /api/admin/site/team': () => json(200, { members: [] }),
    'GET /api/admin/site/trust': () => json(200, PLACEHOLDERS),
    ...handlers,
  });
  renderApp('/admin/team', { session: { ...TEST_ADMIN, adminRole: 'SUPPORT' } });
  return api;
}

describe('/admin/team: regulatory and security statements', () => {
  it('starts from visible placeholders, says none is shown, and shows a statement once its placeholders are replaced', async () => {
    const api = open({
      'PUT /api/admin/site/trust': (call) =>
        json(200, { statements: call.body, shown: { regulatoryLine: true, regulatory: false, security: false }, version: 1, updatedAt: '2026-05-04T09:00:00.000Z' }),
    });
    const section = await screen.findByRole('region', { name: 'Regulatory and security statements' });
    const line = (await within(section).findByLabelText('Regulatory line (site footer)')) as HTMLTextAreaElement;
    expect(line.value).toBe(DEFAULT_TRUST_STATEMENTS.regulatoryLine);
    expect(line.value).toContain('[Company name]');
    expect(within(section).getAllByText('Not shown: a [placeholder] is left')).toHaveLength(3);

    const user = userEvent.setup({ delay: null });
    await user.clear(line);
    await user.type(line, LINE);
    expect(within(section).getByText('Shown on the public site once saved')).toBeTruthy();
    expect(within(section).getAllByText('Not shown: a [placeholder] is left')).toHaveLength(2);
    await user.click(within(section).getByRole('button', { name: 'Save statements' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/site/trust')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/site/trust')[0]?.body).toEqual({ ...DEFAULT_TRUST_STATEMENTS, regulatoryLine: LINE });
    expect(await screen.findByText('Saved. 1 of 3 are shown on the public site.')).toBeTruthy();
  });

  it("shows the server's message under the field it refuses", async () => {
    open({
      'PUT /api/admin/site/trust': () =>
        json(400, { code: 'VALIDATION_FAILED', message: 'Please check the highlighted fields.', errors: { security: 'The security statement must be at most 4,000 characters' } }),
    });
    const section = await screen.findByRole('region', { name: 'Regulatory and security statements' });
    await within(section).findByLabelText('Security statement');
    await userEvent.setup({ delay: null }).click(within(section).getByRole('button', { name: 'Save statements' }));
    expect(await within(section).findByText('The security statement must be at most 4,000 characters')).toBeTruthy();
  });
});
