import { afterAll, beforeAll, expect, it } from 'vitest';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { GOOD_BANK, pdf, postBank, storedFiles } from './test/helpers';

// Replaced documents are kept for the reviewer, so requests carrying files are bounded per account.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('refuses the 31st upload of an hour with 429 and keeps nothing of it; saves without files still pass', async () => {
  const session = await personSession(ctx.app, 'uploads.limit@example.com');
  for (let i = 0; i < 30; i++) {
    const saved = await postBank(ctx.app, session, { ...GOOD_BANK, verificationStatus: 'Saved' }, [pdf('bankStatement')]);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const before = await storedFiles(ctx);
  expect(before.length).toBeGreaterThanOrEqual(30);

  const refused = await postBank(ctx.app, session, { ...GOOD_BANK, verificationStatus: 'Saved' }, [pdf('bankStatement')]);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(await storedFiles(ctx)).toEqual(before);

  const withoutFile = await postBank(ctx.app, session, { ...GOOD_BANK, bankName: 'Bank of Bath', verificationStatus: 'Saved' });
  expect(withoutFile.statusCode, withoutFile.body).toBe(200);

  const other = await personSession(ctx.app, 'uploads.other@example.com');
  expect((await postBank(ctx.app, other, { ...GOOD_BANK, verificationStatus: 'Saved' }, [pdf('bankStatement')])).statusCode).toBe(200);
});
