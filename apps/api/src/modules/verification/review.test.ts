import { randomUUID } from 'node:crypto';
import { MONEY_HOLD_MS, type AdminRole } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, ManualClock } from '../../platform/clock';
import { auditEvents, profileVerifications, bankVerifications, notifications, verificationEvents } from '../../schema';
import { mailTo, me, PASSWORD, staffLogin } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { signUp, type TestUser } from '../orders/test/fixtures';
import { startMoneyHold } from '../auth';
import { createAdmin } from '../users';
import { decideVerification } from './decide-verification';
import { profileForm, statusesOf, writeBank, writeDocument, writeProfile } from './test/review-fixtures';
import { withStepUp } from '../../test/factories';

const NOW = new Date('2026-03-10T12:00:00Z');
const clock = new ManualClock(NOW);
let ctx: TestContext;
const admins = {} as Record<AdminRole, { id: string; session: string }>;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;
const db = () => ctx.database.db;

const QUEUE = '/api/admin/verifications';
const APPROVE_PROFILE = '/api/user/approve_profile';
const APPROVE_BANK = '/api/user/approve-bank';
const NOTE = 'Checked against the registry by phone; keep an eye on this one.';

const get = (session: string | undefined, url: string) => ctx.app.inject({ method: 'GET', url, ...(session ? { cookies: { lu_session: session } } : {}) });
/** Asked to step up (approving bank details is a decision on money), it steps up and sends the request again. */
const post = (session: string | undefined, url: string, body: unknown) => withStepUp(ctx.app, session, () => send(session, url, body));
const send = (session: string | undefined, url: string, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(session ? { cookies: { lu_session: session } } : {}),
  });

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  for (const role of ['OWNER', 'COMPLIANCE', 'FINANCE', 'SUPPORT'] as const) {
    const email = `${role.toLowerCase()}.review@example.com`;
    await createAdmin(db(), { email, password: PASSWORD, role, firstName: `Rita ${role.toLowerCase()}` });
    const session = await staffLogin(ctx.app, email);
    admins[role] = { id: (await me(ctx.app, session)).json().user.id as string, session };
  }
  ada = await signUp(ctx.app, 'ada.review@example.com', 'Ada', 'Lovelace');
  ben = await signUp(ctx.app, 'ben.review@example.com', 'Benjamin', 'Franklin');
  cleo = await signUp(ctx.app, 'cleo.review@example.com', 'Cleopatra', 'Philopator');
  // Ben submitted first, then Ada; Cleo has only saved a draft.
  await writeProfile(db(), ben.id, { submittedAt: new Date(NOW.getTime() - 3 * DAY), details: profileForm('Benjamin', 'Franklin') });
  await writeProfile(db(), ada.id, { submittedAt: new Date(NOW.getTime() - 5 * HOUR), details: profileForm('Ada', 'Lovelace') });
  await writeProfile(db(), cleo.id, { status: 'Saved', submittedAt: new Date(NOW.getTime() - 9 * DAY), details: profileForm('Cleopatra', 'Philopator') });
  await writeBank(db(), ada.id, { submittedAt: new Date(NOW.getTime() - 2 * DAY), accountName: 'Ada Lovelace' });
  // Ada's bank details changed a day before: her cooling-off runs one more day.
  await startMoneyHold(db(), ada.id, 'bank-details', new Date(NOW.getTime() + DAY - MONEY_HOLD_MS));
  await writeBank(db(), ben.id, { submittedAt: new Date(NOW.getTime() - DAY), accountName: 'Garden Holdings Ltd' });
});
afterAll(() => ctx.close());

describe('the review queues', () => {
  it('lists Pending profiles oldest submission first, with who and how long they waited', async () => {
    const res = await get(admins.COMPLIANCE.session, `${QUEUE}?kind=profile`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      kind: 'profile',
      total: 2,
      items: [
        { userId: ben.id, name: 'Benjamin Franklin', email: ben.email, userType: 'USER', submittedAt: new Date(NOW.getTime() - 3 * DAY).toISOString(), ageMs: 3 * DAY },
        { userId: ada.id, name: 'Ada Lovelace', email: ada.email, userType: 'USER', submittedAt: new Date(NOW.getTime() - 5 * HOUR).toISOString(), ageMs: 5 * HOUR },
      ],
    });
  });

  it('lists Pending bank verifications in their own queue', async () => {
    const res = await get(admins.OWNER.session, `${QUEUE}?kind=bank`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { userId: string }) => i.userId)).toEqual([ada.id, ben.id]);
  });

  it('refuses an unknown kind', async () => {
    const res = await get(admins.OWNER.session, `${QUEUE}?kind=email`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('one case', () => {
  it('shows the account, both verifications, documents current and replaced, the name check and history', async () => {
    const passport = await writeDocument(db(), ada.id, { slot: 'passportFile', filename: 'passport.jpg', contentType: 'image/jpeg', uploadedAt: new Date(NOW.getTime() - 6 * HOUR) });
    const old = await writeDocument(db(), ada.id, {
      slot: 'passportFile',
      filename: 'old.pdf',
      contentType: 'application/pdf',
      uploadedAt: new Date(NOW.getTime() - 2 * DAY),
      supersededAt: new Date(NOW.getTime() - 6 * HOUR),
    });
    const statement = await writeDocument(db(), ada.id, { slot: 'bankStatement', filename: 'statement.pdf', contentType: 'application/pdf', uploadedAt: new Date(NOW.getTime() - 2 * DAY) });
    const res = await get(admins.COMPLIANCE.session, `${QUEUE}/${ada.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.account).toMatchObject({ userId: ada.id, firstName: 'Ada', lastName: 'Lovelace', email: ada.email, userType: 'USER' });
    expect(body.profile).toMatchObject({ status: 'Pending', rejectionReason: null, reupload: null, details: { firstName: 'Ada', passport: { passportNumber: 'AB123456' } } });
    expect(body.profile.documents.map((d: { id: string; supersededAt: string | null; url: string }) => [d.id, d.supersededAt !== null, d.url])).toEqual([
      [passport, false, `/api/user/verification/documents/${passport}`],
      [old, true, `/api/user/verification/documents/${old}`],
    ]);
    expect(body.bank).toMatchObject({ status: 'Pending', accountNameMatches: true, details: { bankAccountName: 'Ada Lovelace' } });
    expect(body.moneyHold).toMatchObject({ reason: 'bank-details', until: new Date(NOW.getTime() + DAY).toISOString() });
    expect(body.bank.documents.map((d: { id: string }) => d.id)).toEqual([statement]);
    expect(body.history).toEqual([]);
  });

  it('flags an account name that differs from the profile', async () => {
    const res = await get(admins.COMPLIANCE.session, `${QUEUE}/${ben.id}`);
    expect(res.json().bank.accountNameMatches).toBe(false);
  });

  it('answers 404 for nobody', async () => {
    expect((await get(admins.COMPLIANCE.session, `${QUEUE}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(admins.COMPLIANCE.session, `${QUEUE}/not-an-id`)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('COMPLIANCE and OWNER may review; FINANCE, SUPPORT and people get 403; anonymous 401', async () => {
    for (const url of [`${QUEUE}?kind=profile`, `${QUEUE}/${ada.id}`]) {
      expect((await get(admins.OWNER.session, url)).statusCode).toBe(200);
      expect((await get(admins.FINANCE.session, url)).statusCode).toBe(403);
      expect((await get(admins.SUPPORT.session, url)).statusCode).toBe(403);
      expect((await get(ada.session, url)).statusCode).toBe(403);
      expect((await get(undefined, url)).statusCode).toBe(401);
    }
    for (const session of [admins.FINANCE.session, admins.SUPPORT.session, ada.session]) {
      expect((await post(session, APPROVE_PROFILE, { userId: ben.id, decision: 'approve' })).statusCode).toBe(403);
    }
    expect((await post(undefined, APPROVE_BANK, { userId: ben.id, decision: 'approve' })).statusCode).toBe(401);
    expect(await statusesOf(db(), ben.id)).toEqual({ profile: 'Pending', bank: 'Pending' });
  });
});

describe('decisions', () => {
  it('validates the decision: reason for reject and reupload, bounded texts, a slot of this verification', async () => {
    const errorsOf = async (url: string, body: unknown) => {
      const res = await post(admins.COMPLIANCE.session, url, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await errorsOf(APPROVE_PROFILE, { userId: ben.id, decision: 'reject' })).toEqual({ reason: 'Please give the reason the person will read.' });
    expect(await errorsOf(APPROVE_PROFILE, { userId: ben.id, decision: 'reject', reason: 'x'.repeat(501) })).toEqual({ reason: 'The reason must be at most 500 characters.' });
    expect(await errorsOf(APPROVE_PROFILE, { userId: ben.id, decision: 'approve', internalNote: 'x'.repeat(1001) })).toEqual({ internalNote: 'The internal note must be at most 1000 characters.' });
    expect(await errorsOf(APPROVE_PROFILE, { userId: ben.id, decision: 'reupload', reason: 'Blurred' })).toEqual({ documentSlot: 'Please choose the document to upload again.' });
    expect(await errorsOf(APPROVE_BANK, { userId: ben.id, decision: 'reupload', reason: 'Blurred', documentSlot: 'passportFile' })).toEqual({
      documentSlot: 'This document is not part of this verification.',
    });
    expect(await statusesOf(db(), ben.id)).toEqual({ profile: 'Pending', bank: 'Pending' });
  });

  it('approve: Approved, an event, an audit row and the approval email; the note stays with admins', async () => {
    const res = await post(admins.COMPLIANCE.session, APPROVE_PROFILE, { userId: ben.id, decision: 'approve', internalNote: NOTE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification approved.', status: 'Approved' });
    expect(res.body).not.toContain(NOTE);
    expect((await statusesOf(db(), ben.id))?.profile).toBe('Approved');
    const [row] = await db().select().from(profileVerifications).where(eq(profileVerifications.userId, ben.id));
    expect(row?.decidedAt).toEqual(NOW);
    const events = await db().select().from(verificationEvents).where(eq(verificationEvents.userId, ben.id));
    expect(events).toMatchObject([{ verification: 'profile', action: 'approved', actorUserId: admins.COMPLIANCE.id, internalNote: NOTE, reason: null }]);
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.targetId, ben.id));
    expect(audits).toMatchObject([{ action: 'verification.approve', targetType: 'profileVerification', actorRole: 'COMPLIANCE', before: { status: 'Pending' }, after: { status: 'Approved' } }]);
    const mails = (await mailTo(ctx.app, ben.email)).filter((m) => /approved/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual(['Your profile verification is approved']);
    expect(mails[0]?.text).not.toContain(NOTE);
    expect(mails[0]?.html).not.toContain('registry by phone');
    // The bell says the same, without the note.
    expect(await db().select().from(notifications).where(eq(notifications.userId, ben.id))).toMatchObject([
      {
        category: 'security',
        title: 'Your profile verification is approved',
        body: 'We have checked your profile verification and approved it.',
        link: '/dashboard/settings/profile-verification#verification-status',
        createdAt: NOW,
      },
    ]);
    // The history names the deciding admin.
    const history = (await get(admins.OWNER.session, `${QUEUE}/${ben.id}`)).json().history;
    expect(history).toMatchObject([{ action: 'approved', actor: { userId: admins.COMPLIANCE.id, name: 'Rita compliance' }, internalNote: NOTE }]);
  });

  it('a decided verification cannot be decided again: 409 and nothing changes', async () => {
    const before = await db().select().from(auditEvents);
    const res = await post(admins.OWNER.session, APPROVE_PROFILE, { userId: ben.id, decision: 'reject', reason: 'Too late' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('TRANSITION_REFUSED');
    expect((await statusesOf(db(), ben.id))?.profile).toBe('Approved');
    expect(await db().select().from(auditEvents)).toHaveLength(before.length);
    const saved = await post(admins.OWNER.session, APPROVE_PROFILE, { userId: cleo.id, decision: 'approve' });
    expect(saved.statusCode).toBe(409);
    expect((await statusesOf(db(), cleo.id))?.profile).toBe('Saved');
  });

  it('reject: Rejected with the reason kept and emailed with a link to fix it; the note is not', async () => {
    const reason = 'The account name is not yours: please use an account in your own name.';
    const res = await post(admins.OWNER.session, APPROVE_BANK, { userId: ben.id, decision: 'reject', reason, internalNote: NOTE });
    expect(res.statusCode, res.body).toBe(200);
    expect((await statusesOf(db(), ben.id))?.bank).toBe('Rejected');
    const [row] = await db().select().from(bankVerifications).where(eq(bankVerifications.userId, ben.id));
    expect(row).toMatchObject({ rejectionReason: reason, reuploadSlot: null, decidedAt: NOW });
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.action, 'verification.reject'));
    expect(audits).toMatchObject([{ targetType: 'bankVerification', targetId: ben.id, actorRole: 'OWNER', reason, before: { status: 'Pending' }, after: { status: 'Rejected' } }]);
    const [mail] = (await mailTo(ctx.app, ben.email)).filter((m) => m.subject === 'Your bank verification was not approved');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain('http://localhost:3000/dashboard/settings/bank-verification#verification-status');
    expect(mail?.text).not.toContain(NOTE);
    const bell = (await db().select().from(notifications).where(eq(notifications.userId, ben.id))).filter((x) => x.title === 'Your bank verification was not approved');
    expect(bell).toMatchObject([
      { category: 'security', body: `We could not approve your bank verification. The reason: ${reason}`, link: '/dashboard/settings/bank-verification#verification-status' },
    ]);
    const history = (await get(admins.OWNER.session, `${QUEUE}/${ben.id}`)).json();
    expect(history.bank.rejectionReason).toBe(reason);
  });

  it('reupload: back to Saved with the document and reason the person reads, and an email naming it', async () => {
    const reason = 'The photo of your passport is blurred.';
    const res = await post(admins.COMPLIANCE.session, APPROVE_PROFILE, { userId: ada.id, decision: 'reupload', reason, documentSlot: 'passportFile', internalNote: NOTE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'The person was asked to upload the document again.', status: 'Saved' });
    expect((await statusesOf(db(), ada.id))?.profile).toBe('Saved');
    const [row] = await db().select().from(profileVerifications).where(eq(profileVerifications.userId, ada.id));
    expect(row).toMatchObject({ reuploadSlot: 'passportFile', reuploadReason: reason, rejectionReason: null });
    const events = await db().select().from(verificationEvents).where(eq(verificationEvents.userId, ada.id));
    expect(events).toMatchObject([{ action: 'reuploadRequested', documentSlot: 'passportFile', reason, internalNote: NOTE }]);
    const [mail] = (await mailTo(ctx.app, ada.email)).filter((m) => m.subject === 'Please upload your passport again');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).not.toContain(NOTE);
    expect((await get(admins.OWNER.session, `${QUEUE}/${ada.id}`)).json().profile.reupload).toEqual({ slot: 'passportFile', reason });
    // Ada is out of the profile queue now.
    expect((await get(admins.OWNER.session, `${QUEUE}?kind=profile`)).json()).toMatchObject({ total: 0, items: [] });
  });

  it('refuses to approve a profile whose passport expired while it waited, and changes nothing', async () => {
    const late = await signUp(ctx.app, `late.${randomUUID()}@example.com`, 'Lena', 'Late');
    await writeProfile(db(), late.id, { status: 'Pending', submittedAt: NOW, details: profileForm('Lena', 'Late', '2026-03-09') });
    const res = await post(admins.COMPLIANCE.session, APPROVE_PROFILE, { userId: late.id, decision: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'TRANSITION_REFUSED', message: 'The passport in this profile has expired: reject it or ask for a new passport instead.' });
    expect((await statusesOf(db(), late.id))?.profile).toBe('Pending');
    const asked = await post(admins.COMPLIANCE.session, APPROVE_PROFILE, { userId: late.id, decision: 'reupload', documentSlot: 'passportFile', reason: 'Your passport has expired.' });
    expect(asked.statusCode, asked.body).toBe(200);
  });

  it("reads the admin's role again when deciding: a role without the permission decides nothing", async () => {
    const person = await signUp(ctx.app, `role.${randomUUID()}@example.com`, 'Rory', 'Role');
    await writeProfile(db(), person.id, { status: 'Pending', submittedAt: NOW, details: profileForm('Rory', 'Role') });
    // FINANCE's session claims COMPLIANCE (a role changed since the route's check).
    await expect(
      decideVerification(ctx.app.ctx, { userId: admins.FINANCE.id, role: 'COMPLIANCE' }, 'profile', {
        userId: person.id,
        decision: 'approve',
        reason: undefined,
        internalNote: undefined,
        documentSlot: undefined,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await statusesOf(db(), person.id))?.profile).toBe('Pending');
  });
});
