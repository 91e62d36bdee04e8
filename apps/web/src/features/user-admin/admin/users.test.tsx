import { ADMIN_USER_MESSAGES } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDetail, userItem } from '../../../test/admin-users-fixtures';
import { json, mockApi } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const SEARCH = (query: string) => `GET /api/admin/users?${query}`;
const FIRST_PAGE = SEARCH('sort=createdAt&direction=desc&page=1&pageSize=25');
const ADA = userItem('u1', 'Ada Lovelace');
const ACME = userItem('u2', 'Carl Contact', { businessName: 'Acme Farms', userType: 'BUSINESS', status: 'unconfirmed', matchedOrderId: '01JNX0000000000000000000AA' });
const page = (users: unknown[], extra: Record<string, unknown> = {}) => json(200, { users, total: users.length, page: 1, pageSize: 25, masked: false, ...extra });
const SUPPORT = { ...TEST_ADMIN, adminRole: 'SUPPORT' as const };
const COMPLIANCE = { ...TEST_ADMIN, adminRole: 'COMPLIANCE' as const };

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

afterEach(() => setViewportWidth(1440));

describe('/admin/users', () => {
  it('lists people in a table sorted and paged by the server, and searches by text and status', async () => {
    const { calls } = mockApi({
      [FIRST_PAGE]: () => page([ADA, ACME], { total: 60 }),
      [SEARCH('q=acme&status=unconfirmed&sort=createdAt&direction=desc&page=1&pageSize=25')]: () => page([ACME]),
      [SEARCH('q=acme&status=unconfirmed&sort=name&direction=asc&page=1&pageSize=25')]: () => page([ACME]),
      [SEARCH('sort=createdAt&direction=desc&page=2&pageSize=25')]: () => page([ADA], { page: 2, total: 60 }),
    });
    const { user } = renderApp('/admin/users', { session: SUPPORT });
    expect(await screen.findByRole('heading', { level: 2, name: 'Users (60)' })).toBeTruthy();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['Ada Lovelace', 'Carl ContactAcme FarmsPlaced order 01JNX0000000000000000000AA']);
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/admin/users/u1');
    expect(within(rows[1]!).getByText('Email not confirmed')).toBeTruthy();
    expect(
      within(table)
        .getByRole('columnheader', { name: /Joined/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('page=2'))).toBe(true));

    await user.type(screen.getByLabelText('Email, name, business or order id'), 'acme');
    await user.selectOptions(screen.getByLabelText('Account status'), 'unconfirmed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Users (1)' })).toBeTruthy();
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(within(screen.getByRole('table')).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending'));
  });

  it('says when nobody matches, and offers to try again when the search fails', async () => {
    let fail = true;
    mockApi({ [FIRST_PAGE]: () => (fail ? json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) : page([])) });
    const { user } = renderApp('/admin/users', { session: SUPPORT });
    expect(await screen.findByRole('heading', { name: 'The search could not be done' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('heading', { name: 'Nobody matches' })).toBeTruthy();
  });

  it('shows cards and a sort choice under 768 px', async () => {
    setViewportWidth(360);
    mockApi({ [FIRST_PAGE]: () => page([ADA, ACME], { masked: true }) });
    renderApp('/admin/users', { session: SUPPORT });
    const cards = await screen.findByRole('list', { name: 'People found' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByLabelText('Sort by')).toBeTruthy();
    expect(screen.getByText(/Email addresses are masked for your role/)).toBeTruthy();
  });
});

describe('/admin/users/:id', () => {
  it('SUPPORT reads masked details, sees no actions, and reveals them with a reason', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/users/u1': () => json(200, userDetail(true)),
      'POST /api/admin/users/u1/reveal': () => json(200, userDetail(false)),
    });
    const { user } = renderApp('/admin/users/u1', { session: SUPPORT });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getAllByText('a•••@example.com').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Profile & bank' }));
    expect(screen.getByText('••••••••6819')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reveal personal data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(await within(dialog).findByText(ADMIN_USER_MESSAGES.reasonRequired)).toBeTruthy();
    expect(callsTo('POST /api/admin/users/u1/reveal')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Caller passed security questions');
    await user.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('GB29NWBK60161331926819')).toBeTruthy();
    expect(callsTo('POST /api/admin/users/u1/reveal').map((c) => c.body)).toEqual([{ reason: 'Caller passed security questions' }]);
    expect(screen.getByText(/Shown unmasked for this view only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
  });

  it('COMPLIANCE disables with a reason and sets a GBP limit, checked by the shared schema first', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/users/u1': () => json(200, userDetail(false)),
      'POST /api/admin/users/u1/disable': () => json(200, { message: ADMIN_USER_MESSAGES.disabled, changed: true }),
      'POST /api/admin/users/u1/purchase-limit': () => json(200, { message: 'The GBP purchase limit is now £50.00.', changed: true }),
    });
    const { user } = renderApp('/admin/users/u1', { session: COMPLIANCE });
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Suspected takeover');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText(ADMIN_USER_MESSAGES.disabled)).toBeTruthy();
    expect(callsTo('POST /api/admin/users/u1/disable').map((c) => c.body)).toEqual([{ reason: 'Suspected takeover' }]);

    const limits = screen.getByRole('table', { name: 'Purchase limits per currency' });
    expect(within(limits).getByText('£5,000.00')).toBeTruthy();
    await user.click(within(limits).getByRole('button', { name: 'Change the GBP limit' }));
    const limit = await screen.findByRole('dialog', { name: 'Purchase limit' });
    const amount = within(limit).getByLabelText('Limit in GBP') as HTMLInputElement;
    expect(amount.value).toBe('5000.00');
    await user.clear(amount);
    await user.type(amount, 'fifty');
    await user.type(within(limit).getByLabelText('Reason'), 'Asked for a lower limit');
    await user.click(within(limit).getByRole('button', { name: 'Set the limit' }));
    expect(await within(limit).findByText(ADMIN_USER_MESSAGES.amountInvalid)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(limit).getByRole('button', { name: 'Set the limit' }));
    await waitFor(() => expect(callsTo('POST /api/admin/users/u1/purchase-limit').map((c) => c.body)).toEqual([{ currency: 'GBP', amount: '50', reason: 'Asked for a lower limit' }]));
  });

  it('says an admin account cannot be disabled here, and offers to resend a confirmation to an unconfirmed one', async () => {
    mockApi({ 'GET /api/admin/users/u1': () => json(200, userDetail(false, { account: { adminRole: 'FINANCE' } })) });
    const admin = renderApp('/admin/users/u1', { session: COMPLIANCE });
    expect(await screen.findByText('Admin accounts cannot be disabled here: an owner manages admins and their roles.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull();
    admin.unmount();
    mockApi({ 'GET /api/admin/users/u1': () => json(200, userDetail(false, { account: { status: 'unconfirmed', emailConfirmedAt: null } })) });
    renderApp('/admin/users/u1', { session: COMPLIANCE });
    expect(await screen.findByRole('button', { name: 'Resend confirmation email' })).toBeTruthy();
  });

  it("says when and why the person's money is held after a security change", async () => {
    const moneyHold = { reason: 'email-change', startedAt: '2099-11-24T14:05:00.000Z', until: '2099-11-26T14:05:00.000Z' } as const;
    mockApi({ 'GET /api/admin/users/u1': () => json(200, userDetail(false, { moneyHold })) });
    renderApp('/admin/users/u1', { session: COMPLIANCE });
    const notice = await screen.findByText("This person's sales, transfers and payouts are held until 26 Nov 2099, 14:05 UTC because their email address changed.");
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('pages the orders on the server, and shows each tab', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/users/u1': () => json(200, userDetail(true)),
      'GET /api/admin/users/u1/orders?page=2&pageSize=10&sortBy=createdAt&sortDirection=desc': () =>
        json(200, { orders: [{ ...userDetail(true).orders.orders[0], orderId: '01JNX0000000000000000000BB' }], total: 12, totalCapped: false, page: 2, pageSize: 10 }),
    });
    const { user } = renderApp('/admin/users/u1?tab=orders', { session: SUPPORT });
    expect(await screen.findByText('01JNX0000000000000000000AA')).toBeTruthy();
    expect(screen.getByText('to b•••@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('01JNX0000000000000000000BB')).toBeTruthy();
    expect(callsTo('GET /api/admin/users/u1/orders?page=2&pageSize=10&sortBy=createdAt&sortDirection=desc')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Emails' }));
    expect(screen.getByText('Activate your Land Units account')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(screen.getByRole('table', { name: 'Open sessions' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(screen.getByText('Opened by compliance only')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Audit trail' }));
    expect(screen.getByText('Purchase limit changed')).toBeTruthy();
    expect(screen.getByText('overrideCents: — → £5,000.00')).toBeTruthy();
  });
});
