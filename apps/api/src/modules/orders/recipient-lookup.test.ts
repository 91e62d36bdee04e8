import { ORDER_MESSAGES } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { getJson, signUp, type TestUser } from './test/fixtures';

// A clock that stands still, so the 31 lookups of the rate-limit test share one window.
const clock = new ManualClock(new Date('2026-01-15T10:00:20Z'));
let ctx: TestContext;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  ada = await signUp(ctx.app, 'ada.lookup@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.lookup@example.com', 'bob', 'von babbage');
  const res = await register(ctx.app, { email: 'pending.lookup@example.com', firstName: 'Pat', lastName: 'Pending', password: 'garden42', userType: 'USER' });
  expect(res.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const lookup = (who: TestUser | undefined, email: string) => getJson(ctx.app, who?.session, `/api/user/getUserNameByEmail?email=${encodeURIComponent(email)}`);
const NOT_FOUND = { message: ORDER_MESSAGES.noSuchRecipient, code: 'RECIPIENT_NOT_FOUND' };

describe('GET /api/user/getUserNameByEmail', () => {
  it('names another confirmed person by first name and last initial', async () => {
    const res = await lookup(ada, 'Bob.Lookup@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ name: 'bob V.' });
    expect((await lookup(bob, 'ada.lookup@example.com')).json()).toEqual({ name: 'Ada L.' });
  });

  it.each([
    ['the caller', 'ada.lookup@example.com'],
    ['an unknown address', 'nobody.lookup@example.com'],
    ['an unconfirmed account', 'pending.lookup@example.com'],
  ])('answers the same 404 for %s', async (_what, email) => {
    const res = await lookup(ada, email);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('checks the address', async () => {
    const res = await lookup(ada, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { email: 'Enter a valid email address.' } });
    expect((await getJson(ctx.app, ada.session, '/api/user/getUserNameByEmail')).json().errors).toEqual({ email: 'Email is Required' });
  });

  it('asks a signed-out visitor to log in', async () => {
    expect((await lookup(undefined, bob.email)).statusCode).toBe(401);
  });

  it('allows 30 lookups a minute per person, then answers 429 with Retry-After', async () => {
    const carol = await signUp(ctx.app, 'carol.lookup@example.com', 'Carol', 'Shaw');
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await lookup(carol, i % 2 ? bob.email : `guess${i}@example.com`));
    expect(answers.slice(0, 30).every((a) => a.statusCode === 200 || a.statusCode === 404)).toBe(true);
    const last = answers[30]!;
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('40');
    // Another person is not affected.
    expect((await lookup(ada, bob.email)).statusCode).toBe(200);
  });
});
