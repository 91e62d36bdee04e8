import { INVOICE_MESSAGES } from '@landunits/domain';
import type { InvoiceItem, InvoicePage } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { setViewportWidth } from '../../test/browser-shims';
import { renderApp, TEST_USER } from '../../test/render-app';

const PATH = '/dashboard/sales-invoices';
const LIST = 'GET /api/utility/invoices?page=1';
const SEND = 'POST /api/utility/send-single-transaction-invoice';

const INVOICES: InvoiceItem[] = [
  {
    number: 'LU-2026-000124',
    kind: 'sale_statement',
    issuedAt: '2026-03-10T14:05:00.000Z',
    orderId: '01JSELL0000000000000000AAA',
    orderType: 'SELL',
    unitType: 'LAND_EUR',
    numberOfUnits: 510,
    currency: 'EUR',
    totalCents: 50_000,
  },
  {
    number: 'LU-2026-000123',
    kind: 'invoice',
    issuedAt: '2026-03-09T09:00:00.000Z',
    orderId: '01JBUY00000000000000007Q2KX',
    orderType: 'BUY',
    unitType: 'LAND_POUND',
    numberOfUnits: 1_000_000_000,
    currency: 'GBP',
    totalCents: 999_999_999_999,
  },
];

const page = (invoices: InvoiceItem[], total = invoices.length, p = 1): InvoicePage => ({ invoices, total, page: p, pageSize: 20 });

afterEach(() => setViewportWidth(1440));

describe('/dashboard/sales-invoices', () => {
  it('lists each invoice with its number, date, order, type and total, opening the PDF in a new tab', async () => {
    setViewportWidth(1440);
    mockApi({ [LIST]: () => json(200, page(INVOICES)) });
    renderApp(PATH, { session: TEST_USER });

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const second = rows[1] as HTMLElement;
    expect(within(second).getByRole('rowheader').textContent).toBe('LU-2026-000123');
    expect(second.textContent).toContain('09 Mar 2026');
    expect(second.textContent).toContain('01JBUY00000000000000007Q2KX');
    expect(second.textContent).toContain('InvoicePurchase of 1,000,000,000 GBP Units');
    expect(second.textContent).toContain('£9,999,999,999.99');
    expect((rows[0] as HTMLElement).textContent).toContain('Sale statementSale of 510 EUR Units');
    const open = within(second).getByRole('link', { name: 'Open LU-2026-000123 (PDF, opens in a new tab)' });
    expect(open.getAttribute('href')).toBe('/api/utility/render-single-transaction-invoice?orderId=01JBUY00000000000000007Q2KX');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener');
  });

  it('explains when invoices appear while there are none', async () => {
    mockApi({ [LIST]: () => json(200, page([])) });
    renderApp(PATH, { session: TEST_USER });
    expect(await screen.findByRole('heading', { name: INVOICE_MESSAGES.emptyTitle })).toBeTruthy();
    expect(screen.getByText(INVOICE_MESSAGES.empty)).toBeTruthy();
  });

  it('searches by dates and order id through the address, checking them first with the API’s messages', async () => {
    const api = mockApi({
      [LIST]: () => json(200, page(INVOICES)),
      'GET /api/utility/invoices?page=1&fromDate=2026-03-01&toDate=2026-03-31&orderId=7Q2KX': () => json(200, page([INVOICES[1] as InvoiceItem])),
    });
    const { user, location } = renderApp(PATH, { session: TEST_USER });
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('Issued from'), '2026-03-31');
    await user.type(screen.getByLabelText('Issued until'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(INVOICE_MESSAGES.dateOrder)).toBeTruthy();
    expect(api.calls.filter((c) => c.url.includes('fromDate'))).toHaveLength(0);

    await user.clear(screen.getByLabelText('Issued from'));
    await user.type(screen.getByLabelText('Issued from'), '2026-03-01');
    await user.clear(screen.getByLabelText('Issued until'));
    await user.type(screen.getByLabelText('Issued until'), '2026-03-31');
    await user.type(screen.getByLabelText(/Order id/), '7q2kx');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location.current).toBe(`${PATH}?fromDate=2026-03-01&toDate=2026-03-31&orderId=7q2kx`));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
  });

  it('says when a search finds nothing, with a way back to every invoice', async () => {
    mockApi({ 'GET /api/utility/invoices?page=1&orderId=ZZZZZ': () => json(200, page([])), [LIST]: () => json(200, page(INVOICES)) });
    const { user, location } = renderApp(`${PATH}?orderId=ZZZZZ`, { session: TEST_USER });
    expect(await screen.findByText(INVOICE_MESSAGES.emptyFiltered)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all invoices' }));
    await waitFor(() => expect(location.current).toBe(PATH));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('emails an invoice: the button shows it is sending, then the answer is read out; a refusal (5 an hour) says why', async () => {
    const held = deferred<Response>();
    let answers = [() => held.promise, () => json(429, { message: INVOICE_MESSAGES.tooManyEmails, code: 'RATE_LIMITED' }, { 'retry-after': '1800' })];
    const api = mockApi({
      [LIST]: () => json(200, page(INVOICES)),
      [SEND]: () => {
        const [next, ...rest] = answers;
        answers = rest;
        return (next as () => Promise<Response>)();
      },
    });
    const { user } = renderApp(PATH, { session: TEST_USER });
    const row = (await screen.findAllByRole('row'))[2] as HTMLElement;

    await user.click(within(row).getByRole('button', { name: 'Email me LU-2026-000123' }));
    const sending = within(row).getByRole('button', { name: /Sending… LU-2026-000123/ });
    expect(sending.getAttribute('aria-busy')).toBe('true');
    expect(api.callsTo(SEND)[0]?.body).toEqual({ orderId: '01JBUY00000000000000007Q2KX' });
    held.resolve(json(200, { message: INVOICE_MESSAGES.emailed(TEST_USER.email), number: 'LU-2026-000123' }));
    expect((await screen.findByText(new RegExp(INVOICE_MESSAGES.emailed(TEST_USER.email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).getAttribute('role')).toBe('status');

    await user.click(within(row).getByRole('button', { name: 'Email me LU-2026-000123' }));
    expect(await screen.findByText(`LU-2026-000123 was not emailed. ${INVOICE_MESSAGES.tooManyEmails}`)).toBeTruthy();
  });

  it('shows cards on a phone, each with its actions', async () => {
    setViewportWidth(360);
    mockApi({ [LIST]: () => json(200, page(INVOICES)) });
    renderApp(PATH, { session: TEST_USER });
    const list = await screen.findByRole('list', { name: 'Invoices' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByRole('heading', { name: 'LU-2026-000123' })).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Email me LU-2026-000123' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let calls = 0;
    mockApi({ [LIST]: () => (calls++ === 0 ? json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) : json(200, page(INVOICES))) });
    const { user } = renderApp(PATH, { session: TEST_USER });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
