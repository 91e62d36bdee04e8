import type { AdminRole } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, register, registerAndConfirm, PASSWORD } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createOrder } from '../orders/test/fixtures';
import { added, adminsByRole, get, post, saveDetails, type Admin } from './test/helpers';

/*
 * GET /api/admin/users and /api/admin/users/:id: search by each key, server-side paging, sorting
 * and filtering, what each role reads (masked without users.manage), and the audited reveal.
 */

let ctx: TestContext;
let admins: Record<AdminRole, Admin>;
let ada: { id: string; session: string };
let acme: { id: string };
let orderId: string;

const idOf = async (session: string) => (await me(ctx.app, session)).json().user.id as string;
const list = async (role: AdminRole, query: string) => {
  const res = await get(ctx, admins[role].session, `/api/admin/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { users: { id: string; name: string; email: string; status: string; matchedOrderId: string | null }[]; total: number; page: number; masked: boolean };
};

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  admins = await adminsByRole(ctx, 'search');
  // Registered the browser's way: the account view lists the activation email it was sent.
  const adaSession = await registerAndConfirm(ctx.app, 'ada.search@example.com', { firstName: 'Ada', lastName: 'Lovelace' });
  ada = { id: await idOf(adaSession), session: adaSession };
  acme = { id: await idOf(await personSession(ctx.app, 'contact@acmefarms.example', { firstName: 'Carl', lastName: 'Contact', userType: 'BUSINESS', businessName: 'Acme Farms' })) };
  expect((await register(ctx.app, { email: 'zoe.pending@example.com', firstName: 'Zoe', lastName: 'Pending', password: PASSWORD, userType: 'USER' })).statusCode).toBe(200);
  for (const letter of ['C', 'A', 'E', 'B', 'D']) await personSession(ctx.app, `sortie.${letter.toLowerCase()}@example.com`, { firstName: 'Sortie', lastName: letter });
  const buy = await createOrder(ctx.app, ada.session, { orderType: 'BUY', currencyUnit: { numberOfUnits: 10 }, paymentDetails: { paymentMethod: 'Bank' } });
  expect(buy.statusCode, buy.body).toBe(201);
  orderId = buy.json().orderCreatedData.orderId as string;
  await saveDetails(ctx.database.db, ada.id);
  await ctx.database.db.execute(
    sql`insert into verification_documents (user_id, slot, file_key, filename, content_type, size, sha256, uploaded_at) values (${ada.id}, 'passportFile', 'identity/none', 'passport.png', 'image/png', 1234, 'x', now())`,
  );
  await ctx.app.jobs.drain();
});
afterAll(() => ctx.close());

describe('search', () => {
  it('finds a person by the beginning of their email, first, last or full name, business name, in any case', async () => {
    for (const q of ['ada.search@', 'ADA.SEARCH@EXAMPLE.COM', 'ada', 'lovel', 'Ada Lov']) {
      expect(
        (await list('OWNER', `q=${encodeURIComponent(q)}`)).users.map((u) => u.id),
        q,
      ).toContain(ada.id);
    }
    const business = await list('OWNER', 'q=acme%20f');
    expect(business.users.map((u) => u.id)).toEqual([acme.id]);
    expect(business.users[0]).toMatchObject({ name: 'Carl Contact', email: 'contact@acmefarms.example', status: 'active', matchedOrderId: null });
    expect((await list('OWNER', 'q=nobody-like-this')).total).toBe(0);
    // LIKE's own characters match only themselves.
    expect((await list('OWNER', 'q=%25')).total).toBe(0);
    expect((await list('OWNER', 'q=_da')).total).toBe(0);
  });

  it('finds the person who placed an order by its id, and says so', async () => {
    for (const q of [orderId, orderId.toLowerCase()]) {
      const found = await list('SUPPORT', `q=${q}`);
      expect(found.users).toHaveLength(1);
      expect(found.users[0]).toMatchObject({ id: ada.id, matchedOrderId: orderId });
    }
  });

  it('sorts by name, email or creation, both ways, and pages on the server', async () => {
    const names = async (query: string) => (await list('OWNER', `q=sortie&${query}`)).users.map((u) => u.name);
    expect(await names('sort=name&direction=asc&pageSize=2')).toEqual(['Sortie A', 'Sortie B']);
    expect(await names('sort=name&direction=asc&pageSize=2&page=3')).toEqual(['Sortie E']);
    expect(await names('sort=name&direction=desc&pageSize=2')).toEqual(['Sortie E', 'Sortie D']);
    expect(await names('sort=email&direction=asc')).toEqual(['Sortie A', 'Sortie B', 'Sortie C', 'Sortie D', 'Sortie E']);
    expect(await names('sort=createdAt&direction=asc')).toEqual(['Sortie C', 'Sortie A', 'Sortie E', 'Sortie B', 'Sortie D']);
    expect(await names('')).toEqual(['Sortie D', 'Sortie B', 'Sortie E', 'Sortie A', 'Sortie C']);
    const page = await list('OWNER', 'q=sortie&pageSize=2&page=2');
    expect(page).toMatchObject({ total: 5, page: 2 });
    expect((await get(ctx, admins.OWNER.session, '/api/admin/users?sort=password')).statusCode).toBe(400);
    expect((await get(ctx, admins.OWNER.session, '/api/admin/users?pageSize=1000')).statusCode).toBe(400);
  });

  it('filters by account status', async () => {
    expect((await list('OWNER', 'q=zoe&status=unconfirmed')).users.map((u) => u.name)).toEqual(['Zoe Pending']);
    expect((await list('OWNER', 'q=zoe&status=active')).total).toBe(0);
    expect((await list('OWNER', 'q=ada&status=disabled')).total).toBe(0);
    const everyoneActive = await list('OWNER', 'status=active&pageSize=100');
    expect(everyoneActive.users.every((u) => u.status === 'active')).toBe(true);
    expect(everyoneActive.users.map((u) => u.name)).not.toContain('Zoe Pending');
  });
});

describe('what each role reads', () => {
  it('SUPPORT and FINANCE read emails masked in the results; COMPLIANCE and OWNER in full', async () => {
    for (const role of ['SUPPORT', 'FINANCE'] as const) {
      const found = await list(role, 'q=ada.search');
      expect(found.masked).toBe(true);
      expect(found.users[0]?.email).toBe('a••••••••@example.com');
    }
    for (const role of ['COMPLIANCE', 'OWNER'] as const) {
      const found = await list(role, 'q=ada.search');
      expect(found.masked).toBe(false);
      expect(found.users[0]?.email).toBe('ada.search@example.com');
    }
  });

  it('masks the personal data of the page on the server for roles without users.manage', async () => {
    const masked = (await get(ctx, admins.SUPPORT.session, `/api/admin/users/${ada.id}`)).json();
    expect(masked.masked).toBe(true);
    expect(masked.account).toMatchObject({ email: 'a••••••••@example.com', firstName: 'Ada', lastName: 'Lovelace', status: 'active' });
    expect(masked.verification.profile.details).toMatchObject({
      firstName: 'Ada',
      address: { houseNumber: '•••', streetAddress: '••••••••', townCity: '••••••', postcode: '••••••••', country: 'United Kingdom' },
      contactInfo: { telephoneCountryCode: '+44', phoneNumber: '••••••••23' },
      passport: { passportNumber: '•••••6789', issuingCountry: 'United Kingdom', startDate: '••••••••', expiryDate: '••••••••' },
    });
    expect(masked.verification.bank.details).toMatchObject({ bankAccountName: 'Ada Lovelace', bankAccountNumber: '••••6819', iban: '••••••••6819', sortCode: '••••••', bankName: 'NatWest' });
    expect(masked.emails.length).toBeGreaterThan(0);
    expect(masked.emails.every((e: { to: string }) => e.to === 'a••••••••@example.com')).toBe(true);
    expect(JSON.stringify(masked)).not.toMatch(/ada\.search@|7700900123|GB29NWBK|123456789|St James/);
    // The documents are listed; only roles that review verifications get the download link.
    expect(masked.documents).toMatchObject([{ slot: 'passportFile', filename: 'passport.png', url: null }]);

    const finance = (await get(ctx, admins.FINANCE.session, `/api/admin/users/${ada.id}`)).json();
    expect(finance.masked).toBe(true);
    expect(finance.verification.bank.details.iban).toBe('••••••••6819');

    const full = (await get(ctx, admins.COMPLIANCE.session, `/api/admin/users/${ada.id}`)).json();
    expect(full.masked).toBe(false);
    expect(full.account.email).toBe('ada.search@example.com');
    expect(full.verification.bank.details.iban).toBe('GB29NWBK60161331926819');
    expect(full.verification.profile.details.contactInfo.phoneNumber).toBe('7700900123');
    expect(full.documents[0].url).toMatch(/^\/api\/user\/verification\/documents\//);
  });

  it('shows the account, holdings, limits, orders, emails, sessions and audit trail in one answer', async () => {
    const page = (await get(ctx, admins.OWNER.session, `/api/admin/users/${ada.id}`)).json();
    expect(page.holdings.map((h: { unitType: string }) => h.unitType)).toEqual(['LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD']);
    expect(page.holdings[0]).toMatchObject({ currency: 'GBP', pendingBuy: 10, owned: 0 });
    expect(page.purchaseLimits.map((l: { currency: string }) => l.currency)).toEqual(['GBP', 'USD', 'EUR', 'AUD']);
    expect(page.purchaseLimits[0]).toMatchObject({ overrideCents: null, reason: null });
    expect(page.purchaseLimits[0].usedCents).toBeGreaterThan(0);
    expect(page.purchaseLimits[0].limitCents).toBe(page.purchaseLimits[0].tierCents);
    expect(page.orders).toMatchObject({ total: 1, page: 1, orders: [{ orderId, orderType: 'BUY', direction: 'SENT', currency: 'GBP', numberOfUnits: 10 }] });
    expect(page.emails.at(-1)).toMatchObject({ to: 'ada.search@example.com', subject: 'Activate your Land Units account', status: 'sent', attempts: 1 });
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toEqual({ id: expect.any(String), createdAt: expect.any(String), lastSeenAt: expect.any(String), expiresAt: expect.any(String) });
    const orders = await get(ctx, admins.SUPPORT.session, `/api/admin/users/${ada.id}/orders?orderType=SELL`);
    expect(orders.json()).toMatchObject({ orders: [], total: 0 });
    expect((await get(ctx, admins.SUPPORT.session, `/api/admin/users/${ada.id}/orders?sortBy=nonsense`)).statusCode).toBe(400);
  });

  it('answers 404 for an id nobody has, or that is not an id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await get(ctx, admins.SUPPORT.session, `/api/admin/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This person was not found.');
    }
  });
});

describe('reveal', () => {
  it('answers the page unmasked once, after one audit row with the reason; the next read is masked again', async () => {
    let answer: { masked: boolean; account: { email: string }; verification: { bank: { details: { iban: string } } }; audit: { action: string }[] } | undefined;
    const rows = await added(ctx.database.db, async () => {
      const res = await post(ctx, admins.SUPPORT.session, `/api/admin/users/${ada.id}/reveal`, { reason: 'Caller passed the security questions' });
      expect(res.statusCode, res.body).toBe(200);
      answer = res.json();
    });
    expect(answer).toMatchObject({ masked: false, account: { email: 'ada.search@example.com' }, verification: { bank: { details: { iban: 'GB29NWBK60161331926819' } } } });
    // The answer's own audit trail already shows the reveal.
    expect(answer?.audit[0]?.action).toBe('user.reveal');
    expect(rows).toMatchObject([
      {
        actor_user_id: admins.SUPPORT.id,
        actor_role: 'SUPPORT',
        action: 'user.reveal',
        target_type: 'user',
        target_id: ada.id,
        before: { masked: true },
        after: { masked: false },
        reason: 'Caller passed the security questions',
      },
    ]);
    expect(rows[0]?.request_id).toEqual(expect.any(String));
    const again = (await get(ctx, admins.SUPPORT.session, `/api/admin/users/${ada.id}`)).json();
    expect(again.masked).toBe(true);
    // The reveal is in the person's audit trail, which support reads with addresses masked.
    expect(again.audit[0]).toMatchObject({ action: 'user.reveal', actorRole: 'SUPPORT', reason: 'Caller passed the security questions' });
  });

  it('needs a reason; a role that reads unmasked anyway writes no row', async () => {
    const refused = await added(ctx.database.db, async () => {
      const res = await post(ctx, admins.SUPPORT.session, `/api/admin/users/${ada.id}/reveal`, { reason: '  ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ reason: 'Please give the reason for this action.' });
      expect((await post(ctx, admins.SUPPORT.session, '/api/admin/users/00000000-0000-4000-8000-000000000000/reveal', { reason: 'x' })).statusCode).toBe(404);
    });
    expect(refused).toEqual([]);
    const owner = await added(ctx.database.db, async () => {
      expect((await post(ctx, admins.OWNER.session, `/api/admin/users/${ada.id}/reveal`, { reason: 'Checking' })).statusCode).toBe(200);
    });
    expect(owner).toEqual([]);
  });
});
