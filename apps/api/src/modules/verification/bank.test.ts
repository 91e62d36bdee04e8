import { BANK_MESSAGES as B, MONEY_HOLD_MS, PROFILE_MESSAGES } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { mailTo } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { setVerificationStatuses } from '../users';
import { GOOD_BANK, getOverview, pdf, postBank, snapshot, TODAY, withdraw } from './test/helpers';
import { BANK_ANSWERS } from './update-bank';

// SPEC §5 bank rules, the bank's transitions and the 48-hour hold on sells (PRODUCT-DECISIONS §8).
const clock = new ManualClock(new Date(`${TODAY}T14:05:00Z`));
let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

async function person() {
  const email = `bank.${++n}@example.com`;
  const session = await personSession(ctx.app, email);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { lu_session: session } });
  return { id: me.json().user.id as string, session, email };
}

let rules: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  rules = await person();
});

const INVALID: [string, string, string][] = [
  ['bankAccountName', 'Al', B.accountNameMin],
  ['bankAccountName', 'a'.repeat(101), B.accountNameMax],
  ['bankAccountNumber', '1234a678', B.accountNumberDigits],
  ['bankAccountNumber', '1234', B.accountNumberMin],
  ['bankAccountNumber', '1'.repeat(35), B.accountNumberMax],
  ['iban', 'gb29NWBK60161331926819', B.ibanFormat],
  ['iban', 'GBXX60161331926819', B.ibanFormat],
  ['iban', 'GB29', B.ibanFormat],
  ['iban', `GB29${'1'.repeat(31)}`, B.ibanMax],
  ['swiftBic', 'NWBKGB2', B.swiftFormat],
  ['sortCode', '12345', B.sortCodeFormat],
  ['routingNumber', '12345678', B.routingNumberFormat],
  ['bankName', 'b'.repeat(101), B.textMax('Bank name', 100)],
  ['bankAddress', 'b'.repeat(256), B.textMax('Bank address', 255)],
  ['bankCountry', 'b'.repeat(101), B.textMax('Bank country', 100)],
];

async function expectRefused(res: Awaited<ReturnType<typeof postBank>>, key: string, message: string, before: unknown) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors[key]).toBe(message);
  expect(await snapshot(ctx, rules.id)).toEqual(before);
}

describe('bank rules (SPEC §5)', () => {
  it.each(INVALID)('submit with %s = %j → "%s"', async (field, value, message) => {
    const before = await snapshot(ctx, rules.id);
    await expectRefused(await postBank(ctx.app, rules.session, { ...GOOD_BANK, [field]: value, verificationStatus: 'Pending' }, [pdf('bankStatement')]), field, message, before);
  });

  it.each(INVALID)('a draft with %s = %j is refused too: "%s"', async (field, value, message) => {
    const before = await snapshot(ctx, rules.id);
    await expectRefused(await postBank(ctx.app, rules.session, { [field]: value, verificationStatus: 'Saved' }), field, message, before);
  });

  it('submit: the account name is required, and an account number or an IBAN', async () => {
    const before = await snapshot(ctx, rules.id);
    const res = await postBank(ctx.app, rules.session, { verificationStatus: 'Pending' }, [pdf('bankStatement')]);
    await expectRefused(res, 'bankAccountName', B.accountNameRequired, before);
    expect(res.json().errors.bankAccountNumber).toBe(B.accountOrIbanRequired);
  });

  it('submit without the bank statement → bankStatement "This document is required."', async () => {
    const before = await snapshot(ctx, rules.id);
    await expectRefused(await postBank(ctx.app, rules.session, { ...GOOD_BANK, verificationStatus: 'Pending' }), 'bankStatement', PROFILE_MESSAGES.documentRequired, before);
  });

  it.each(['Approved', 'Rejected', ''])('verificationStatus %j → a field error, nothing kept', async (status) => {
    const before = await snapshot(ctx, rules.id);
    await expectRefused(await postBank(ctx.app, rules.session, { ...GOOD_BANK, verificationStatus: status }, [pdf('bankStatement')]), 'verificationStatus', BANK_ANSWERS.verificationStatus, before);
  });

  it('valid shapes pass: IBAN with SWIFT, sort code without dashes, a routing number', async () => {
    const p = await person();
    const res = await postBank(
      ctx.app,
      p.session,
      { bankAccountName: 'Ada Lovelace', iban: 'GB29NWBK60161331926819', swiftBic: 'NWBKGB2L', sortCode: '123456', routingNumber: '021000021', verificationStatus: 'Pending' },
      [pdf('bankStatement')],
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bank).toMatchObject({ status: 'Pending', missing: [], details: { iban: 'GB29NWBK60161331926819', bankAccountNumber: '' } });
  });

  it('a draft may be empty; the overview lists what a submission needs', async () => {
    const p = await person();
    const res = await postBank(ctx.app, p.session, { verificationStatus: 'Saved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bank).toMatchObject({ status: 'Saved', missing: ['Account name', 'Account number or IBAN', 'Bank statement'] });
  });
});

describe('bank transitions', () => {
  it('Saved → Pending; Pending cannot be edited; withdraw → Saved; Approved → Saved on a save', async () => {
    const p = await person();
    expect((await postBank(ctx.app, p.session, { ...GOOD_BANK, verificationStatus: 'Saved' }, [pdf('bankStatement')])).json().bank.status).toBe('Saved');
    expect((await postBank(ctx.app, p.session, { ...GOOD_BANK, verificationStatus: 'Pending' })).json().bank.status).toBe('Pending');
    const before = await snapshot(ctx, p.id);
    const refused = await postBank(ctx.app, p.session, { ...GOOD_BANK, verificationStatus: 'Saved' }, [pdf('bankStatement')]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'TRANSITION_REFUSED', message: 'Your details are waiting for review. Withdraw the submission to change them.' });
    expect(await snapshot(ctx, p.id)).toEqual(before);
    expect((await withdraw(ctx.app, p.session, 'bank')).json().bank.status).toBe('Saved');
    await setVerificationStatuses(ctx.database.db, p.id, { bank: 'Approved' }, clock.now());
    clock.advance(1000);
    expect((await postBank(ctx.app, p.session, { ...GOOD_BANK, verificationStatus: 'Saved' })).json().bank.status).toBe('Saved');
    const events = await queryRows<{ action: string }>(ctx.database.db, sql`select action from verification_events where user_id = ${p.id} and verification = 'bank' order by at, action`);
    expect(events.map((e) => e.action)).toEqual(['saved', 'submitted', 'withdrawn', 'reopened']);
  });
});

describe('the 48-hour cooling-off after changed bank details (decision 0049)', () => {
  const holdMail = async (email: string) => (await mailTo(ctx.app, email)).filter((m) => m.subject === 'Your Land Units bank details were changed');

  it('is not set by the first save nor by saving the same details; changed details set it and email the account', async () => {
    const p = await person();
    clock.set(`${TODAY}T14:03:00Z`);
    const first = await postBank(ctx.app, p.session, { ...GOOD_BANK, verificationStatus: 'Saved' });
    expect(first.json().moneyHold).toBeNull();
    clock.advance(1000);
    expect((await postBank(ctx.app, p.session, { ...GOOD_BANK, verificationStatus: 'Saved' })).json().moneyHold).toBeNull();
    expect(await holdMail(p.email)).toEqual([]);

    clock.set(`${TODAY}T14:05:00Z`);
    const changed = await postBank(ctx.app, p.session, { ...GOOD_BANK, bankAccountNumber: '87654321', verificationStatus: 'Saved' });
    expect(changed.statusCode, changed.body).toBe(200);
    const until = new Date(clock.now().getTime() + MONEY_HOLD_MS);
    expect(changed.json().moneyHold).toEqual({ reason: 'bank-details', startedAt: clock.now().toISOString(), until: until.toISOString() });
    const mails = await holdMail(p.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('sales and transfers are paused until 27/11/2026 14:05 (UTC)');
  });

  it('a refused change (invalid, or while Pending) sets no hold and sends no email', async () => {
    const p = await person();
    await postBank(ctx.app, p.session, { ...GOOD_BANK, verificationStatus: 'Pending' }, [pdf('bankStatement')]);
    expect((await postBank(ctx.app, p.session, { ...GOOD_BANK, bankAccountNumber: '87654321', verificationStatus: 'Saved' })).statusCode).toBe(409);
    await withdraw(ctx.app, p.session, 'bank');
    expect((await postBank(ctx.app, p.session, { ...GOOD_BANK, bankAccountNumber: '8765x', verificationStatus: 'Saved' })).statusCode).toBe(400);
    expect((await getOverview(ctx.app, p.session)).json().moneyHold).toBeNull();
    expect(await holdMail(p.email)).toEqual([]);
  });
});
