import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { setVerificationStatuses } from '../users';
import { profileVerifications, verificationEvents } from './schema';
import { getOverview, pdf, postProfile, snapshot, storedFiles, TODAY, userProfile, withdraw } from './test/helpers';
import { VERIFICATION_ANSWERS } from './transitions';

// PRODUCT-DECISIONS §8: who may save, submit, withdraw; what each step records.
const clock = new ManualClock(new Date(`${TODAY}T10:00:00Z`));
let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function person() {
  const email = `moves.${++n}@example.com`;
  const session = await personSession(ctx.app, email);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { lu_session: session } });
  return { id: me.json().user.id as string, session, email };
}

const events = async (userId: string) =>
  (await queryRows<{ action: string; verification: string }>(db(), sql`select action, verification from verification_events where user_id = ${userId} order by at, action`)).map(
    (e) => `${e.verification}:${e.action}`,
  );

const documents = (userId: string) =>
  queryRows<{ slot: string; superseded_at: Date | null; file_key: string }>(
    db(),
    sql`select slot, superseded_at, file_key from verification_documents where user_id = ${userId} order by uploaded_at, slot`,
  );

async function setStatus(userId: string, profile: 'Approved' | 'Rejected' | 'Saved') {
  await setVerificationStatuses(db(), userId, { profile }, clock.now());
}

describe('profile transitions', () => {
  it('UnVerified → Saved → Pending; Pending cannot be edited; withdraw → Saved; withdraw again is refused', async () => {
    const p = await person();
    const saved = await postProfile(ctx.app, p.session, { kycStatus: 'Saved', kycInfo: userProfile(), files: [pdf('passportFile')] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({ status: 'Saved', submittedAt: null });
    expect(saved.json().profile.documents).toEqual([expect.objectContaining({ slot: 'passportFile', filename: 'passportFile.pdf', contentType: 'application/pdf' })]);
    const [stored] = await documents(p.id);
    expect((await storedFiles(ctx)).some((f) => f.includes(stored!.file_key.split('/').at(-1)!))).toBe(true);

    clock.advance(60_000);
    // The passport uploaded with the draft counts for the submission.
    const submitted = await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile() });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ message: VERIFICATION_ANSWERS.submitted, profile: { status: 'Pending', missing: [], submittedAt: clock.now().toISOString() } });

    const before = await snapshot(ctx, p.id);
    for (const kycStatus of ['Saved', 'Pending']) {
      const refused = await postProfile(ctx.app, p.session, { kycStatus, kycInfo: userProfile(), files: [pdf('passportFile')] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'TRANSITION_REFUSED', message: 'Your details are waiting for review. Withdraw the submission to change them.' });
      expect(await snapshot(ctx, p.id)).toEqual(before);
    }

    const withdrawn = await withdraw(ctx.app, p.session, 'profile');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ message: VERIFICATION_ANSWERS.withdrawn, profile: { status: 'Saved', submittedAt: null } });
    const again = await withdraw(ctx.app, p.session, 'profile');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'TRANSITION_REFUSED', message: VERIFICATION_ANSWERS.notPending });
    expect((await withdraw(ctx.app, p.session, 'bank')).statusCode).toBe(409);
    expect((await withdraw(ctx.app, p.session, 'everything')).statusCode).toBe(400);
    expect(await events(p.id)).toEqual(['profile:saved', 'profile:submitted', 'profile:withdrawn']);
  });

  it('Rejected → edit and submit again: the rejection reason is cleared', async () => {
    const p = await person();
    expect((await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile(), files: [pdf('passportFile')] })).statusCode).toBe(200);
    await setStatus(p.id, 'Rejected');
    await db().update(profileVerifications).set({ rejectionReason: 'The passport photo is blurred.' }).where(eq(profileVerifications.userId, p.id));
    expect((await getOverview(ctx.app, p.session)).json().profile).toMatchObject({ status: 'Rejected', rejectionReason: 'The passport photo is blurred.' });

    const saved = await postProfile(ctx.app, p.session, { kycStatus: 'Saved', kycInfo: userProfile() });
    expect(saved.json().profile).toMatchObject({ status: 'Saved', rejectionReason: 'The passport photo is blurred.' });
    clock.advance(1000);
    const resubmitted = await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile(), files: [pdf('passportFile')] });
    expect(resubmitted.json().profile).toMatchObject({ status: 'Pending', rejectionReason: null });
  });

  it('Approved → a save returns it to Saved (reopened); a submission from Approved is reopened and submitted', async () => {
    const p = await person();
    expect((await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile(), files: [pdf('passportFile')] })).statusCode).toBe(200);
    await setStatus(p.id, 'Approved');
    clock.advance(1000);
    const reopened = await postProfile(ctx.app, p.session, { kycStatus: 'Saved', firstName: 'Adaline', kycInfo: userProfile() });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().profile.status).toBe('Saved');
    await setStatus(p.id, 'Approved');
    clock.advance(1000);
    expect((await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile() })).json().profile.status).toBe('Pending');
    expect(await events(p.id)).toEqual(['profile:submitted', 'profile:reopened', 'profile:reopened', 'profile:submitted']);
  });

  it('saves the names onto the account', async () => {
    const p = await person();
    await postProfile(ctx.app, p.session, { kycStatus: 'Saved', firstName: 'Augusta', lastName: 'King', kycInfo: {} });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { lu_session: p.session } });
    expect(me.json().user).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    const overview = (await getOverview(ctx.app, p.session)).json();
    expect(overview.profile.details).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    expect(overview.profile.email).toBe(p.email);
  });

  it('a new file for a slot supersedes the old one, whose file is kept for the history', async () => {
    const p = await person();
    await postProfile(ctx.app, p.session, { kycStatus: 'Saved', kycInfo: {}, files: [pdf('passportFile'), pdf('optionalDocument')] });
    clock.advance(1000);
    const res = await postProfile(ctx.app, p.session, { kycStatus: 'Saved', kycInfo: {}, files: [pdf('passportFile', 'passport-2026.pdf')] });
    expect(
      res
        .json()
        .profile.documents.map((d: { filename: string }) => d.filename)
        .sort(),
    ).toEqual(['optionalDocument.pdf', 'passport-2026.pdf']);
    const rows = await documents(p.id);
    expect(rows.map((r) => [r.slot, r.superseded_at !== null])).toEqual([
      ['optionalDocument', false],
      ['passportFile', true],
      ['passportFile', false],
    ]);
    const files = await storedFiles(ctx);
    for (const row of rows) expect(files.some((f) => f.includes(row.file_key.split('/').at(-1)!))).toBe(true);
  });

  it('a re-upload request: a submission needs a new file in that slot; the submission clears the request', async () => {
    const p = await person();
    await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile(), files: [pdf('passportFile')] });
    clock.advance(60_000);
    // What the admin review does: back to Saved, the slot named, the request recorded.
    await setStatus(p.id, 'Saved');
    await db().update(profileVerifications).set({ reuploadSlot: 'passportFile', reuploadReason: 'The photo page is cut off.' }).where(eq(profileVerifications.userId, p.id));
    await db()
      .insert(verificationEvents)
      .values({ userId: p.id, verification: 'profile', action: 'reuploadRequested', documentSlot: 'passportFile', reason: 'The photo page is cut off.', at: clock.now() });
    const overview = (await getOverview(ctx.app, p.session)).json().profile;
    expect(overview).toMatchObject({ status: 'Saved', reupload: { slot: 'passportFile', reason: 'The photo page is cut off.' } });
    expect(overview.missing).toContain('Passport');

    clock.advance(60_000);
    const before = await snapshot(ctx, p.id);
    const refused = await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ passportFile: VERIFICATION_ANSWERS.reuploadNeeded });
    expect(await snapshot(ctx, p.id)).toEqual(before);

    const ok = await postProfile(ctx.app, p.session, { kycStatus: 'Pending', kycInfo: userProfile(), files: [pdf('passportFile')] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile).toMatchObject({ status: 'Pending', reupload: null, rejectionReason: null, missing: [] });
  });
});
