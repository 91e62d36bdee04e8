import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/transaction';
import { PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';
import { postTransfers, systemHolder, userHolder } from '../ledger';

const URL = '/api/admin/ledger/reconcile';

let ctx: TestContext;
let userSession: string;
let adminSession: string;
beforeAll(async () => {
  ctx = await createTestApp();
  userSession = await personSession(ctx.app, 'ledger.user@example.com');
  await createAdmin(ctx.database.db, { email: 'ledger.admin@example.com', password: PASSWORD });
  adminSession = await staffLogin(ctx.app, 'ledger.admin@example.com');
});
afterAll(() => ctx.close());

const get = (session?: string) => ctx.app.inject({ method: 'GET', url: URL, ...(session ? { cookies: { lu_session: session } } : {}) });

describe('GET /api/admin/ledger/reconcile', () => {
  it('asks a signed-out visitor to log in', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a signed-in person who is not an admin', async () => {
    const res = await get(userSession);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only administrators can do this.', code: 'FORBIDDEN' });
  });

  it('tells an admin the ledger is sound', async () => {
    const holder = userHolder(randomUUID());
    await inTransaction(ctx.database.db, (tx) =>
      postTransfers(tx, [{ from: { holder: systemHolder('issuer'), unitType: 'LAND_POUND', bucket: 'supply' }, to: { holder, unitType: 'LAND_POUND', bucket: 'owned' }, units: 12 }]),
    );
    const res = await get(adminSession);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ok: true, problems: [] });
  });

  it('shows an admin what is wrong when it is not', async () => {
    await ctx.database.db.execute(sql`update ledger_accounts set balance = balance - 1 where holder like 'user:%'`);
    try {
      const res = await get(adminSession);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.ok).toBe(false);
      expect(body.problems.map((p: { kind: string }) => p.kind)).toEqual(['UNIT_TYPE_NOT_BALANCED', 'BALANCE_MISMATCH']);
      expect(body.problems[0]).toMatchObject({ unitType: 'LAND_POUND', sum: '-1' });
    } finally {
      await ctx.database.db.execute(sql`update ledger_accounts set balance = balance + 1 where holder like 'user:%'`);
    }
    expect((await get(adminSession)).json()).toEqual({ ok: true, problems: [] });
  });
});
