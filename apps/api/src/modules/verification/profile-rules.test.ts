import { FILE_MESSAGES, PROFILE_MESSAGES as M } from '@landunits/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client';
import { rateLimits } from '../../schema';
import { ManualClock } from '../../platform/clock';
import { MULTIPART_MESSAGES } from '../../platform/http/multipart';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { businessProfile, PDF, pdf, postProfile, snapshot, TODAY, userProfile } from './test/helpers';
import { PROFILE_ANSWERS } from './update-profile';

// Every SPEC §5 profile and file rule through POST /api/user/update_profile.
const clock = new ManualClock(new Date(`${TODAY}T10:00:00Z`));
let ctx: TestContext;
const people: Record<'user' | 'business', { id: string; session: string; email: string }> = {} as never;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  for (const [key, extra] of [
    ['user', { userType: 'USER' }],
    ['business', { userType: 'BUSINESS', businessName: 'Acme Farms' }],
  ] as const) {
    const email = `rules.${key}@example.com`;
    const session = await personSession(ctx.app, email, extra);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { lu_session: session } });
    people[key] = { id: me.json().user.id as string, session, email };
  }
});
afterAll(() => ctx.close());
// These cases send far more uploads than a person would in an hour; the upload limit has its own test.
beforeEach(async () => {
  await ctx.database.db.delete(rateLimits);
});

/** A copy of `form` with the value at a dotted path replaced. */
function withValue(form: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(form);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

const long = (n: number, c = 'a') => c.repeat(n);

// [field path, value, message]; names are sent as their own multipart fields, the rest in kycInfo.
const INVALID: [string, string, string][] = [
  ['firstName', 'Al', M.firstNameMin],
  ['firstName', long(51), M.firstNameMax],
  ['lastName', long(51), M.lastNameMax],
  ['address.houseNumber', long(51, '1'), M.houseNumberMax],
  ['address.streetAddress', long(256), M.streetAddressMax],
  ['address.townCity', 'Ab', M.townCityMin],
  ['address.townCity', long(51), M.townCityMax],
  ['address.postcode', 'B1', M.postcodeMin],
  ['address.postcode', long(21, '1'), M.postcodeMax],
  ['address.country', 'UK', M.countryMin],
  ['address.country', long(101), M.countryMax],
  ['contactInfo.telephoneCountryCode', '44', M.phoneCodeFormat],
  ['contactInfo.phoneNumber', '07700 9OO', M.phoneDigits],
  // Another country's code than the one chosen (+44) is not dropped: the + is refused.
  ['contactInfo.phoneNumber', '+337700900', M.phoneDigits],
  ['contactInfo.phoneNumber', '(0) 123', M.phoneMin],
  ['contactInfo.phoneNumber', '12345', M.phoneMin],
  ['contactInfo.phoneNumber', long(21, '1'), M.phoneMax],
  ['optionalNote', long(301), M.optionalNoteMax],
  ['passport.passportNumber', 'AB123', M.passportNumberFormat],
  ['passport.passportNumber', 'AB-123456', M.passportNumberFormat],
  ['passport.passportNumber', long(21, 'A'), M.passportNumberFormat],
  ['passport.issuingCountry', long(101), M.issuingCountryMax],
  ['passport.startDate', '01/01/2020', M.dateFormat],
  ['passport.startDate', '2020-02-30', M.dateFormat],
  ['passport.startDate', '2026-11-26', M.startDateFuture],
  ['passport.expiryDate', '2030-1-1', M.dateFormat],
  ['passport.expiryDate', TODAY, M.expiryFuture],
  ['passport.expiryDate', '2024-01-01', M.expiryFuture],
];

const REQUIRED: [string, string][] = [
  ['firstName', M.firstNameRequired],
  ['lastName', M.lastNameRequired],
  ['address.houseNumber', M.houseNumberRequired],
  ['address.streetAddress', M.streetAddressRequired],
  ['address.townCity', M.townCityRequired],
  ['address.postcode', M.postcodeRequired],
  ['address.country', M.countryRequired],
  ['contactInfo.telephoneCountryCode', M.phoneCodeRequired],
  ['contactInfo.phoneNumber', M.phoneRequired],
  ['passport.passportNumber', M.passportNumberRequired],
  ['passport.issuingCountry', M.issuingCountryRequired],
  ['passport.startDate', M.startDateRequired],
  ['passport.expiryDate', M.expiryDateRequired],
];

/** Posts the individual's profile with one value changed; names travel as their own fields. */
function postUser(kycStatus: string, path: string, value: string) {
  const names = { firstName: 'Ada', lastName: 'Lovelace', [path]: value };
  const kycInfo = path === 'firstName' || path === 'lastName' ? userProfile() : withValue(userProfile(), path, value);
  return postProfile(ctx.app, people.user.session, { kycStatus, firstName: names.firstName, lastName: names.lastName, kycInfo, files: [pdf('passportFile')] });
}

async function expectRefused(res: Awaited<ReturnType<typeof postProfile>>, key: string, message: string, before: unknown, userId = people.user.id) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  expect(res.json().errors[key]).toBe(message);
  // Nothing changed: statuses, verification rows, documents, events, and no file left on disk.
  expect(await snapshot(ctx, userId)).toEqual(before);
}

describe('profile submission: every rule of SPEC §5', () => {
  it.each(INVALID)('submit with %s = %j → "%s"', async (path, value, message) => {
    const before = await snapshot(ctx, people.user.id);
    await expectRefused(await postUser('Pending', path, value), path, message, before);
  });

  it.each(REQUIRED)('submit with %s empty → "%s"', async (path, message) => {
    const before = await snapshot(ctx, people.user.id);
    await expectRefused(await postUser('Pending', path, ''), path, message, before);
  });

  it('an expiry not after the start date → "Expiry date must be greater than Start date"', async () => {
    const before = await snapshot(ctx, people.user.id);
    const kycInfo = withValue(withValue(userProfile(), 'passport.startDate', '2026-12-10'), 'passport.expiryDate', '2026-12-01');
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Pending', kycInfo, files: [pdf('passportFile')] });
    await expectRefused(res, 'passport.expiryDate', M.expiryAfterStart, before);
    expect(res.json().errors['passport.startDate']).toBe(M.startDateFuture);
  });

  it('a phone number written with spaces, dashes, brackets or the chosen country code is kept as its digits', async () => {
    for (const [written, kept] of [
      ['07700 900-123', '07700900123'],
      ['+44 7700 900123', '7700900123'],
      ['0044 (7700) 900.123', '7700900123'],
    ] as const) {
      // A person of its own: the others' drafts and documents stay as the other cases expect them.
      const email = `rules.phone.${kept.length}.${written.length}@example.com`;
      const session = await personSession(ctx.app, email, { userType: 'USER' });
      const kycInfo = withValue(userProfile(), 'contactInfo.phoneNumber', written);
      const res = await postProfile(ctx.app, session, { kycStatus: 'Saved', kycInfo });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await queryRows<{ phone: string }>(
        ctx.database.db,
        sql`select p.details->'contactInfo'->>'phoneNumber' as phone from profile_verifications p join users u on u.id = p.user_id where u.email = ${email}`,
      );
      expect(row?.phone, written).toBe(kept);
    }
  });

  it('a missing address or phone group names each of its fields', async () => {
    const { address: _a, contactInfo: _c, ...rest } = userProfile();
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Pending', kycInfo: rest, files: [pdf('passportFile')] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ 'address.houseNumber': M.houseNumberRequired, 'address.country': M.countryRequired, 'contactInfo.phoneNumber': M.phoneRequired });
  });

  it('submitting without the passport file → passportFile "This document is required."', async () => {
    const before = await snapshot(ctx, people.user.id);
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Pending', kycInfo: userProfile() });
    await expectRefused(res, 'passportFile', M.documentRequired, before);
  });

  it('an email that is not the account’s own → "To change your email address, use Change email."', async () => {
    const before = await snapshot(ctx, people.user.id);
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Saved', email: 'someone.else@example.com', kycInfo: userProfile() });
    await expectRefused(res, 'email', PROFILE_ANSWERS.changeEmail, before);
  });

  it('kycStatus other than Saved or Pending, or unreadable kycInfo → field errors, nothing stored', async () => {
    const before = await snapshot(ctx, people.user.id);
    await expectRefused(
      await postProfile(ctx.app, people.user.session, { kycStatus: 'Approved', kycInfo: userProfile(), files: [pdf('passportFile')] }),
      'kycStatus',
      PROFILE_ANSWERS.kycStatus,
      before,
    );
    await expectRefused(await postProfile(ctx.app, people.user.session, { kycStatus: 'Saved', rawKycInfo: '{not json', files: [pdf('passportFile')] }), 'kycInfo', PROFILE_ANSWERS.unreadable, before);
  });
});

describe('business profile submission', () => {
  const BUSINESS: [string, string, string][] = [
    ['businessInfo.businessName', '', M.businessNameRequired],
    ['businessInfo.businessName', 'Ab', M.businessNameMin],
    ['businessInfo.registrationNumber', '', M.registrationNumberRequired],
    ['businessInfo.registrationNumber', 'R1', M.registrationNumberMin],
    ['businessInfo.vatNumber', long(51, '1'), M.vatNumberMax],
  ];
  it.each(BUSINESS)('submit with %s = %j → "%s"', async (path, value, message) => {
    const before = await snapshot(ctx, people.business.id);
    const res = await postProfile(ctx.app, people.business.session, { kycStatus: 'Pending', kycInfo: withValue(businessProfile(), path, value), files: [pdf('registrationDocument')] });
    await expectRefused(res, path, message, before, people.business.id);
  });

  it('needs the business registry document, not a passport; the VAT number is optional', async () => {
    const before = await snapshot(ctx, people.business.id);
    const refused = await postProfile(ctx.app, people.business.session, { kycStatus: 'Pending', kycInfo: businessProfile(), files: [pdf('passportFile')] });
    await expectRefused(refused, 'registrationDocument', M.documentRequired, before, people.business.id);
    expect(refused.json().errors.passportFile).toBeUndefined();
    const ok = await postProfile(ctx.app, people.business.session, { kycStatus: 'Pending', kycInfo: businessProfile(), files: [pdf('registrationDocument')] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile).toMatchObject({ status: 'Pending', userType: 'BUSINESS', missing: [] });
  });
});

describe('drafts', () => {
  it('a draft may leave every field empty (status Saved), and lists what a submission still needs', async () => {
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Saved', firstName: '', lastName: '', kycInfo: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your details were saved.');
    const profile = res.json().profile;
    expect(profile.status).toBe('Saved');
    expect(profile.missing).toEqual(expect.arrayContaining(['First name', 'House number', 'Phone number', 'Passport number', 'Passport expiry date', 'Passport']));
  });

  it.each(INVALID.filter(([path]) => path !== 'firstName' && path !== 'lastName'))('a draft with %s = %j is still refused: "%s"', async (path, value, message) => {
    const before = await snapshot(ctx, people.user.id);
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Saved', kycInfo: withValue({ address: {}, contactInfo: {}, passport: {} }, path, value) });
    await expectRefused(res, path, message, before);
  });
});

describe('files (SPEC §5)', () => {
  it('a file that is not a PDF, JPEG or PNG is refused by its content and nothing is kept', async () => {
    const before = await snapshot(ctx, people.user.id);
    const fake = { name: 'passportFile', filename: 'passport.pdf', type: 'application/pdf', content: 'MZ this is not a pdf' };
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Saved', kycInfo: userProfile(), files: [fake] });
    await expectRefused(res, 'passportFile', FILE_MESSAGES.unsupported, before);
  });

  it('a good file with a misleading name is refused too', async () => {
    const before = await snapshot(ctx, people.user.id);
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Saved', kycInfo: userProfile(), files: [{ ...pdf('passportFile'), filename: 'passport.png' }] });
    await expectRefused(res, 'passportFile', FILE_MESSAGES.unsupported, before);
  });

  it('a file over 8 MB → 413 "File too large. Please upload a file less than 8Mb", nothing kept', async () => {
    const before = await snapshot(ctx, people.user.id);
    const big = Buffer.concat([PDF, Buffer.alloc(8_388_608, 'a')]);
    const res = await postProfile(ctx.app, people.user.session, { kycStatus: 'Saved', kycInfo: userProfile(), files: [{ ...pdf('passportFile'), content: big }] });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MULTIPART_MESSAGES.tooLarge);
    expect(await snapshot(ctx, people.user.id)).toEqual(before);
  });

  it('signed out → 401, nothing kept', async () => {
    const before = await snapshot(ctx, people.user.id);
    const res = await postProfile(ctx.app, undefined, { kycStatus: 'Saved', kycInfo: userProfile(), files: [pdf('passportFile')] });
    expect(res.statusCode).toBe(401);
    expect(await snapshot(ctx, people.user.id)).toEqual(before);
  });
});
