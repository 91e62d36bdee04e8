import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { profileVerifications, verificationEvents } from '../../schema';
import { login, mailTo, PASSWORD, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { signUp, type TestUser } from '../orders/test/fixtures';
import { runPassportExpiry } from './expire-passports';
import { verificationPeriodicTasks } from './jobs';
import { setVerification } from '../orders/test/lifecycle';
import { profileForm, statusesOf, writeDocument, writeProfile } from './test/review-fixtures';
import { postProfile, userProfile } from './test/helpers';
import { png } from '../../test/documents';

// Signing up drains the job runner, which runs the day's periodic tasks: the checks below start a day later.
const START = new Date('2026-03-31T03:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let ada: TestUser; // expires 2026-05-01: warned at 30 days, at 7 days, then expired
let ben: TestUser; // expired on 2026-03-31
let cleo: TestUser; // Pending, expired: left alone
const db = () => ctx.database.db;
const run = () => runPassportExpiry(ctx.app.ctx, clock.now());
const subjects = async (to: string) => (await mailTo(ctx.app, to)).map((m) => m.subject);

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  ada = await signUp(ctx.app, 'ada.expiry@example.com', 'Ada', 'Lovelace');
  ben = await signUp(ctx.app, 'ben.expiry@example.com', 'Ben', 'Franklin');
  cleo = await signUp(ctx.app, 'cleo.expiry@example.com', 'Cleo', 'Patra');
  await writeProfile(db(), ada.id, { status: 'Approved', submittedAt: START, details: profileForm('Ada', 'Lovelace', '2026-05-01') });
  await writeProfile(db(), ben.id, { status: 'Approved', submittedAt: START, details: profileForm('Ben', 'Franklin', '2026-03-31') });
  await writeDocument(db(), ben.id, { slot: 'passportFile', filename: 'old-passport.png', contentType: 'image/png', uploadedAt: START });
  await writeProfile(db(), cleo.id, { status: 'Pending', submittedAt: START, details: profileForm('Cleo', 'Patra', '2026-03-01') });
});
afterAll(() => ctx.close());

describe('the daily passport check', () => {
  it('is a daily periodic task of the job runner', () => {
    expect(verificationPeriodicTasks.map((t) => [t.name, t.everyMs])).toEqual([['passport-expiry', DAY]]);
  });

  it('returns an Approved profile whose passport expired before today to Saved, with an event and an email; warns 30 days before', async () => {
    clock.advance(DAY); // 2026-04-01
    await ctx.app.jobs.runOnce(); // the runner's periodic tasks, this one among them
    expect((await statusesOf(db(), ben.id))?.profile).toBe('Saved');
    const events = await db().select().from(verificationEvents).where(eq(verificationEvents.userId, ben.id));
    expect(events).toMatchObject([{ verification: 'profile', action: 'expired', actorUserId: null, documentSlot: 'passportFile' }]);
    const [row] = await db().select().from(profileVerifications).where(eq(profileVerifications.userId, ben.id));
    expect(row?.reuploadSlot).toBe('passportFile');
    const expired = (await mailTo(ctx.app, ben.email)).find((m) => m.subject === 'Your passport has expired');
    expect(expired?.text).toContain('Your passport has expired; upload a new one to keep selling.');
    // Ada's passport expires on 2026-05-01, 30 days from today.
    expect((await statusesOf(db(), ada.id))?.profile).toBe('Approved');
    expect(await subjects(ada.email)).toContain('Your passport expires in 30 days');
    // A Pending profile is the reviewer's to decide: untouched.
    expect((await statusesOf(db(), cleo.id))?.profile).toBe('Pending');
    expect(await subjects(cleo.email)).not.toContain('Your passport has expired');
  });

  it('sends each warning once per expiry date, then expires the profile the day after the date', async () => {
    expect(await run()).toEqual({ expired: 0, warned: 0 }); // the same day again
    clock.advance(10 * DAY); // 20 days left
    expect(await run()).toEqual({ expired: 0, warned: 0 });
    clock.advance(13 * DAY); // 7 days left
    expect(await run()).toEqual({ expired: 0, warned: 1 });
    expect(await subjects(ada.email)).toContain('Your passport expires in 7 days');
    clock.advance(DAY);
    expect(await run()).toEqual({ expired: 0, warned: 0 });
    clock.advance(6 * DAY); // 2026-05-01: the last valid day
    expect(await run()).toEqual({ expired: 0, warned: 0 });
    expect((await statusesOf(db(), ada.id))?.profile).toBe('Approved');
    clock.advance(DAY);
    expect(await run()).toEqual({ expired: 1, warned: 0 });
    expect((await statusesOf(db(), ada.id))?.profile).toBe('Saved');
    expect((await subjects(ada.email)).filter((s) => s.startsWith('Your passport')).sort()).toEqual([
      'Your passport expires in 30 days',
      'Your passport expires in 7 days',
      'Your passport has expired',
    ]);
  });

  it('warns again for a new expiry date', async () => {
    // Ada uploads a new passport, approved again: its date gets its own warnings.
    await db().update(profileVerifications).set({ passportExpiryDate: '2026-05-30', reuploadSlot: null, reuploadReason: null }).where(eq(profileVerifications.userId, ada.id));
    await setVerification(db(), ada.id, 'Approved');
    expect(await run()).toEqual({ expired: 0, warned: 1 });
    expect(await subjects(ada.email)).toContain('Your passport expires in 28 days');
  });

  it('asks for a new passport: the expired one cannot be submitted again, a new file can', async () => {
    const session = sessionCookie(await login(ctx.app, ben.email, PASSWORD)); // weeks have passed
    const profile = { kycStatus: 'Pending', firstName: 'Ben', lastName: 'Franklin', kycInfo: userProfile() };
    const again = await postProfile(ctx.app, session, profile);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ passportFile: 'Upload a new copy of this document.' });
    const renewed = await postProfile(ctx.app, session, { ...profile, files: [{ name: 'passportFile', filename: 'new-passport.png', type: 'image/png', content: await png(40, 30) }] });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await statusesOf(db(), ben.id))?.profile).toBe('Pending');
  });
});
