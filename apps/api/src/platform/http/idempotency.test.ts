import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { balancesOf, postTransfers, systemHolder, userHolder } from '../../modules/ledger';
import { createTestApp, type TestContext } from '../../test/app';
import { parseInput } from './app-error';
import { idempotencyKeyOf, IDEMPOTENCY_MESSAGES, pruneIdempotencyKeys, requestFingerprint, runIdempotent } from './idempotency';

const HOLDER = userHolder('00000000-0000-4000-8000-000000000001');
const Body = z.object({ units: z.number().int().positive() });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    // A money-moving test route: each effect posts units from the issuer to one holder.
    app.post('/api/test/grant', async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { units } = parseInput(Body, request.body);
      const result = await runIdempotent(app.ctx.db, { scope: 'test', key, fingerprint: requestFingerprint('POST', '/api/test/grant', request.body) }, async (tx) => {
        const [entry] = await postTransfers(tx, [
          { from: { holder: systemHolder('issuer'), unitType: 'LAND_POUND', bucket: 'supply' }, to: { holder: HOLDER, unitType: 'LAND_POUND', bucket: 'owned' }, units },
        ]);
        return { status: 201, body: { granted: units, entryId: String(entry?.id) } };
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    });
  });
});
afterAll(() => ctx.close());

const grant = (key: string | undefined, units: number) => ctx.app.inject({ method: 'POST', url: '/api/test/grant', payload: { units }, headers: key ? { 'idempotency-key': key } : {} });

const owned = async () => (await balancesOf(ctx.database.db, HOLDER)).LAND_POUND.owned ?? 0n;

describe('idempotency keys', () => {
  it('requires a well-formed key', async () => {
    expect((await grant(undefined, 1)).json()).toEqual({ message: IDEMPOTENCY_MESSAGES.missing, code: 'IDEMPOTENCY_KEY_MISSING' });
    expect((await grant('short', 1)).json().message).toBe(IDEMPOTENCY_MESSAGES.malformed);
  });

  it('turns 50 concurrent identical requests into one effect and 49 replays of the first answer', async () => {
    const before = await owned();
    const answers = await Promise.all(Array.from({ length: 50 }, () => grant('key-concurrent-0001', 3)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect((await owned()) - before).toBe(3n);
  });

  it('refuses the same key with a different body with 409 and changes nothing', async () => {
    await grant('key-different-0001', 2);
    const before = await owned();
    const res = await grant('key-different-0001', 5);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await owned()).toBe(before);
  });

  it('stores nothing when the effect fails, so the same key can be tried again', async () => {
    const bad = await grant('key-retry-000001', 0);
    expect(bad.statusCode).toBe(400);
    const good = await grant('key-retry-000001', 0 + 1);
    expect(good.statusCode).toBe(201);
  });

  it('hashes bodies regardless of key order', () => {
    expect(requestFingerprint('POST', '/x', { a: 1, b: { c: 2, d: 3 } })).toBe(requestFingerprint('POST', '/x', { b: { d: 3, c: 2 }, a: 1 }));
    expect(requestFingerprint('POST', '/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/x', { a: 2 }));
  });
});

describe('pruning', () => {
  it('deletes keys older than a day, so the key can serve again', async () => {
    await grant('key-prune-000001', 1);
    await pruneIdempotencyKeys(ctx.database.db, new Date(Date.now() + 25 * 60 * 60 * 1000));
    const res = await grant('key-prune-000001', 4);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});
