import { ACCOUNT_MESSAGES, MESSAGES } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock } from '../../platform/clock';
import { emailChangeRequests } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { mailTo, me } from '../../test/accounts';
import { signUp, type TestUser } from '../orders/test/fixtures';
import { emailChangeCalls, PNG } from './test/helpers';

/**
 * The person's side of an email change (SPEC §4 steps; PRODUCT-DECISIONS §9): each step in order,
 * its refusals, the link, the document and cancelling.
 */

const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let ctx: TestContext;
let calls: ReturnType<typeof emailChangeCalls>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  calls = emailChangeCalls(ctx.app);
});
afterAll(() => ctx.close());

const person = () => signUp(ctx.app, `person${++n}.change@example.com`);
const refused = (message: string) => ({ message, code: 'TRANSITION_REFUSED' });
const emailChangeOf = async (user: TestUser) => (await me(ctx.app, user.session)).json().emailChange;

async function documentKeyOf(id: string): Promise<string> {
  const [row] = await ctx.database.db.select({ key: emailChangeRequests.documentKey }).from(emailChangeRequests).where(eq(emailChangeRequests.id, id));
  return row?.key ?? '';
}

/** Walks a person to the step after the link (VerifiedNewEmail). */
async function verified(user: TestUser, newEmail: string) {
  expect((await calls.verifyPassword(user.session)).statusCode).toBe(200);
  expect((await calls.sendLink(user.session, newEmail)).statusCode).toBe(200);
  expect((await calls.openLink(await calls.token(newEmail))).statusCode).toBe(200);
}

describe('step 1: the password', () => {
  it('shows nothing before a request, then opens one at PasswordVerified and reuses it', async () => {
    const user = await person();
    expect(await emailChangeOf(user)).toBeNull();
    const first = await calls.verifyPassword(user.session);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.passwordVerified, emailChange: { status: 'PasswordVerified', newEmail: null, rejectionReason: null } });
    const again = await calls.verifyPassword(user.session);
    expect(again.json().emailChange.id).toBe(first.json().emailChange.id);
    expect(await emailChangeOf(user)).toMatchObject({ id: first.json().emailChange.id, status: 'PasswordVerified' });
  });

  it('refuses a wrong password on the field, and limits attempts like login', async () => {
    const user = await person();
    const wrong = await calls.verifyPassword(user.session, 'wrongpass1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.passwordWrong, code: 'VALIDATION_FAILED', errors: { password: 'Your password is not correct.' } });
    expect(await emailChangeOf(user)).toBeNull();
    for (let i = 0; i < 4; i++) await calls.verifyPassword(user.session, 'wrongpass1');
    expect((await calls.verifyPassword(user.session)).statusCode).toBe(429);
  });

  it('checks the SPEC §5 rule and the session', async () => {
    const user = await person();
    expect((await calls.verifyPassword(user.session, 'short')).json().errors).toEqual({ password: 'Password must be at least 6 characters' });
    expect((await calls.verifyPassword(undefined)).statusCode).toBe(401);
  });
});

describe('step 2 and 3: the new address and its link', () => {
  it('refuses a new address before the password, and the current address', async () => {
    const user = await person();
    const early = await calls.sendLink(user.session, 'early@example.com');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(refused(EMAIL_CHANGE_MESSAGES.noOpenRequest));
    await calls.verifyPassword(user.session);
    const same = await calls.sendLink(user.session, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ newEmail: ACCOUNT_MESSAGES.newEmailSame });
    expect((await calls.sendLink(user.session, 'not an email')).json().errors).toEqual({ newEmail: 'Enter a valid email address.' });
  });

  it('emails the link to the new address and a warning to the current one; the link works once', async () => {
    const user = await person();
    await calls.verifyPassword(user.session);
    const sent = await calls.sendLink(user.session, 'New.Home@example.com');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.linkSent, emailChange: { status: 'PendingNewEmailVerification', newEmail: 'new.home@example.com' } });
    expect((await mailTo(ctx.app, user.email)).map((m) => m.subject)).toContain('A change of your Land Units email address was requested');
    const token = await calls.token('new.home@example.com');
    const opened = await calls.openLink(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.linkVerified, newEmail: 'new.home@example.com' });
    expect(await emailChangeOf(user)).toMatchObject({ status: 'VerifiedNewEmail' });
    const twice = await calls.openLink(token);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: MESSAGES.tokenInvalid, code: 'TOKEN_INVALID' });
  });

  it('resending replaces the link; an expired link is refused', async () => {
    const user = await person();
    await calls.verifyPassword(user.session);
    await calls.sendLink(user.session, 'resend.one@example.com');
    const first = await calls.token('resend.one@example.com');
    await calls.sendLink(user.session, 'resend.two@example.com');
    expect((await calls.openLink(first)).statusCode).toBe(400);
    const second = await calls.token('resend.two@example.com');
    clock.advance(24 * HOUR + 1000);
    expect((await calls.openLink(second)).json()).toEqual({ message: MESSAGES.tokenInvalid, code: 'TOKEN_INVALID' });
    expect(await emailChangeOf(user)).toMatchObject({ status: 'PendingNewEmailVerification' });
  });

  it('answers the same for an address of another account, sends it no link and no link works', async () => {
    const user = await person();
    const other = await person();
    await calls.verifyPassword(user.session);
    const before = (await mailTo(ctx.app, other.email)).length;
    const sent = await calls.sendLink(user.session, other.email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.linkSent, emailChange: { status: 'PendingNewEmailVerification', newEmail: other.email } });
    expect(await mailTo(ctx.app, other.email)).toHaveLength(before);
    expect((await mailTo(ctx.app, user.email)).map((m) => m.subject)).toContain('A change of your Land Units email address was requested');
    expect((await calls.upload(user.session)).statusCode).toBe(409);
  });
});

describe('step 4 to 5: the document, submitting, cancelling', () => {
  it('refuses a document before the link, takes a PNG, refuses another type, then submits', async () => {
    const user = await person();
    await calls.verifyPassword(user.session);
    expect((await calls.upload(user.session)).json()).toEqual(refused(EMAIL_CHANGE_MESSAGES.notAtDocumentStep));
    expect((await calls.submit(user.session)).json()).toEqual(refused(EMAIL_CHANGE_MESSAGES.notAtSubmitStep));
    await calls.sendLink(user.session, `doc${n}@example.com`);
    expect((await calls.openLink(await calls.token(`doc${n}@example.com`))).statusCode).toBe(200);

    const svg = await calls.upload(user.session, 'passport.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/svg+xml');
    expect(svg.statusCode).toBe(400);
    expect(svg.json().errors).toEqual({ identity: 'Unsupported file type. Please upload a PDF, JPEG, or PNG.' });
    const png = await calls.upload(user.session);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().emailChange).toMatchObject({ status: 'DocumentsUploaded', documentName: 'passport.png' });
    const firstKey = await documentKeyOf(png.json().emailChange.id);
    const replaced = await calls.upload(user.session, 'passport2.png');
    expect(replaced.json().emailChange.documentName).toBe('passport2.png');
    expect(await ctx.app.ctx.storage.head(firstKey)).toBeNull();
    expect(await ctx.app.ctx.storage.head(await documentKeyOf(png.json().emailChange.id))).not.toBeNull();
    expect((await calls.verifyPassword(user.session)).json()).toEqual(refused(EMAIL_CHANGE_MESSAGES.notAtPasswordStep));

    const own = await calls.get(user.session, `/api/admin/email-changes/${png.json().emailChange.id}/document`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect(own.headers['content-disposition']).toContain('attachment');
    const stranger = await person();
    expect((await calls.get(stranger.session, `/api/admin/email-changes/${png.json().emailChange.id}/document`)).statusCode).toBe(404);
    expect((await calls.get(undefined, `/api/admin/email-changes/${png.json().emailChange.id}/document`)).statusCode).toBe(404);

    const submitted = await calls.submit(user.session);
    expect(submitted.json()).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.submitted, emailChange: { status: 'PendingAdminApproval' } });
  });

  it('cancels at any open step and a new request can start after', async () => {
    const user = await person();
    expect((await calls.cancel(user.session)).json()).toEqual(refused(EMAIL_CHANGE_MESSAGES.noOpenRequest));
    await verified(user, `cancel${n}@example.com`);
    const cancelled = await calls.cancel(user.session);
    expect(cancelled.json()).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.cancelled, emailChange: { status: 'CancelledByUser' } });
    expect(await emailChangeOf(user)).toMatchObject({ status: 'CancelledByUser' });
    expect((await calls.upload(user.session)).statusCode).toBe(409);
    const again = await calls.verifyPassword(user.session);
    expect(again.json().emailChange.id).not.toBe(cancelled.json().emailChange.id);
    expect(again.json().emailChange.status).toBe('PasswordVerified');
  });
});
