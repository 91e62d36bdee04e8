import { DISPLAYED_STATUSES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TransactionsPage } from '../../../shared/orders/types';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_USER } from '../../../test/render-app';

const PATH = '/dashboard/my-transactions';
const EMPTY: TransactionsPage = { transactions: [], total: 0, page: 1, pageSize: 20 };
const LIST = 'GET /api/order/getTransactions?page=1&pageSize=20&sortBy=createdAt&sortDirection=desc';
const listWith = (orderStatus: string) => `GET /api/order/getTransactions?page=1&pageSize=20&${new URLSearchParams({ orderStatus }).toString()}&sortBy=createdAt&sortDirection=desc`;

beforeAll(async () => {
  await import('./transactions-pages');
});

describe('/dashboard/my-transactions: the status filter', () => {
  it('offers the statuses as customers see them, each once, not the internal states', async () => {
    mockApi({ [LIST]: () => json(200, EMPTY) });
    renderApp(PATH, { session: TEST_USER });
    const status = (await screen.findByLabelText('Status')) as HTMLSelectElement;

    const options = within(status)
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options).toEqual([['', 'All'], ...DISPLAYED_STATUSES.map((label) => [label, label])]);
    expect(options.map(([, text]) => text)).not.toContain('Completed (approved)');
    expect(options.map(([value]) => value)).not.toContain('PaymentSent_FromUserCrypto');
  });

  it('asks the server for "Pending Approval" as shown (the server finds every status shown so)', async () => {
    const api = mockApi({ [LIST]: () => json(200, EMPTY), [listWith('Pending Approval')]: () => json(200, EMPTY) });
    const { user } = renderApp(PATH, { session: TEST_USER });
    const form = await screen.findByRole('form', { name: 'Filter transactions' });

    await user.selectOptions(within(form).getByLabelText('Status'), 'Pending Approval');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(api.callsTo(listWith('Pending Approval'))).toHaveLength(1));
  });
});
