import { DEFAULT_MONEY_SETTINGS, type AdminRole } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin, setVerificationStatuses } from '../users';
import { documentViewsFor } from './store';
import { getOverview, PDF, pdf, postProfile, TODAY } from './test/helpers';
import { DOCUMENT_NOT_FOUND } from './download-document';

// Who may download a verification document (PRODUCT-DECISIONS §6, §8), and the overview's limits.
const clock = new ManualClock(new Date(`${TODAY}T10:00:00Z`));
let ctx: TestContext;
let owner: { id: string; session: string };
let other: { id: string; session: string };
const admins = {} as Record<'COMPLIANCE' | 'FINANCE', string>;
let oldPassport: string;
let currentPassport: string;

async function person(email: string, extra: Record<string, unknown> = {}) {
  const session = await personSession(ctx.app, email, extra);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { lu_session: session } });
  return { id: me.json().user.id as string, session };
}

async function admin(role: AdminRole): Promise<string> {
  const email = `${role.toLowerCase()}.docs@example.com`;
  await createAdmin(ctx.database.db, { email, password: PASSWORD, role });
  return staffLogin(ctx.app, email);
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  owner = await person('owner.docs@example.com');
  other = await person('other.docs@example.com');
  admins.COMPLIANCE = await admin('COMPLIANCE');
  admins.FINANCE = await admin('FINANCE');
  const first = await postProfile(ctx.app, owner.session, { kycStatus: 'Saved', kycInfo: {}, files: [pdf('passportFile', 'old passport.pdf')] });
  oldPassport = first.json().profile.documents[0].id;
  clock.advance(1000);
  const second = await postProfile(ctx.app, owner.session, { kycStatus: 'Saved', kycInfo: {}, files: [pdf('passportFile', 'passport-ü.pdf')] });
  currentPassport = second.json().profile.documents[0].id;
});
afterAll(() => ctx.close());

const download = (id: string, session?: string) => ctx.app.inject({ method: 'GET', url: `/api/user/verification/documents/${id}`, ...(session ? { cookies: { lu_session: session } } : {}) });

function expectNotFound(res: Awaited<ReturnType<typeof download>>) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: DOCUMENT_NOT_FOUND });
}

describe('GET /api/user/verification/documents/:id', () => {
  it('the owner downloads their current document as an attachment, the bytes they uploaded', async () => {
    const res = await download(currentPassport, owner.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="passport-_.pdf"; filename*=UTF-8''passport-%C3%BC.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('another person, a signed-out request and a FINANCE admin get the same 404', async () => {
    expectNotFound(await download(currentPassport, other.session));
    expectNotFound(await download(currentPassport));
    expectNotFound(await download(currentPassport, admins.FINANCE));
  });

  it('a COMPLIANCE admin (verifications.review) downloads current and superseded documents', async () => {
    for (const id of [currentPassport, oldPassport]) {
      const res = await download(id, admins.COMPLIANCE);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('the owner no longer reads a superseded document; unknown and malformed ids are 404', async () => {
    expectNotFound(await download(oldPassport, owner.session));
    expectNotFound(await download('7a1c2b34-5d6e-4f70-8a9b-0c1d2e3f4a5b', owner.session));
    expectNotFound(await download('not-an-id', admins.COMPLIANCE));
  });

  it('documentViewsFor: the current ones, or the whole history', async () => {
    const current = await documentViewsFor(ctx.database.db, owner.id, { includeSuperseded: false });
    expect(current.map((d) => d.id)).toEqual([currentPassport]);
    expect(current[0]).toMatchObject({ slot: 'passportFile', url: `/api/user/verification/documents/${currentPassport}`, contentType: 'application/pdf', size: PDF.length });
    const history = await documentViewsFor(ctx.database.db, owner.id, { includeSuperseded: true });
    expect(history.map((d) => d.id)).toEqual([oldPassport, currentPassport]);
  });
});

describe('GET /api/user/verification: purchase-limit tiers', () => {
  const L = DEFAULT_MONEY_SETTINGS.purchaseLimitsInCents;

  it('signed out → 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/verification' })).statusCode).toBe(401);
  });

  it('an email-verified individual: the first tier; Approved: the profile tier; an override wins', async () => {
    const p = await person('limits.user@example.com');
    const limits = async () => (await getOverview(ctx.app, p.session)).json().limits;
    expect(await limits()).toEqual({
      current: 'emailVerified',
      currentCents: L.emailVerified,
      overrides: [],
      tiers: [
        { id: 'emailVerified', label: 'Email verified', cents: L.emailVerified, requirement: expect.any(String), forUser: true },
        { id: 'profileApproved', label: 'Profile approved', cents: L.profileApproved, requirement: expect.any(String), forUser: true },
        { id: 'businessApproved', label: 'Business profile approved', cents: L.businessApproved, requirement: expect.any(String), forUser: false },
      ],
    });
    await setVerificationStatuses(ctx.database.db, p.id, { profile: 'Approved' }, clock.now());
    expect(await limits()).toMatchObject({ current: 'profileApproved', currentCents: L.profileApproved });
    await ctx.database.db.execute(sqlOverride(p.id, 'USD', 250_000_00));
    expect(await limits()).toMatchObject({ current: 'profileApproved', currentCents: L.profileApproved, overrides: [{ currency: 'USD', cents: 250_000_00 }] });
  });

  it('an approved business: the business tier', async () => {
    const b = await person('limits.business@example.com', { userType: 'BUSINESS', businessName: 'Acme Farms' });
    await setVerificationStatuses(ctx.database.db, b.id, { profile: 'Approved' }, clock.now());
    const overview = (await getOverview(ctx.app, b.session)).json();
    expect(overview.limits).toMatchObject({ current: 'businessApproved', currentCents: L.businessApproved });
    expect(overview.limits.tiers.map((t: { forUser: boolean }) => t.forUser)).toEqual([true, false, true]);
    expect(overview.profile.details.businessInfo).toEqual({ businessName: 'Acme Farms', registrationNumber: '', vatNumber: '' });
    expect(overview.profile.missing).toEqual([]); // Approved: nothing left to submit
  });
});

function sqlOverride(userId: string, currency: string, cents: number) {
  return sql`insert into purchase_limit_overrides (user_id, currency, cents, reason, set_at) values (${userId}, ${currency}, ${cents}, 'test', now())`;
}
