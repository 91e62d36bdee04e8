import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/record-audit';

/*
 * audit_events is append-only in the database itself (migration 0011's triggers), whatever code
 * or person holds a connection: every UPDATE, DELETE and TRUNCATE is refused with SQLSTATE 23001
 * and changes nothing. The API suite runs on the embedded PGlite and, in CI, again on PostgreSQL
 * (TEST_DATABASE_URL): this file checks both.
 */

let database: Database;
const ids = [randomUUID(), randomUUID()];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [n, targetId] of ids.entries()) {
    await recordAudit(database.db, {
      actor: { userId: randomUUID(), role: 'OWNER', requestId: `req-${n}` },
      at: new Date(Date.UTC(2026, 0, 1 + n)),
      action: 'admin.changeRole',
      targetType: 'admin',
      targetId,
      before: { role: 'SUPPORT' },
      after: { role: 'FINANCE' },
      reason: null,
    });
  }
});
afterAll(() => database.close());

type Row = Record<string, unknown>;
const snapshot = async (): Promise<Row[]> => ((await database.db.execute(sql`select * from audit_events order by at, id`)) as unknown as { rows: Row[] }).rows;

/** The refusal's SQLSTATE and message, or 'done' when the statement went through. */
async function attempt(statement: SQL): Promise<{ code?: unknown; message?: unknown } | 'done'> {
  try {
    await database.db.execute(statement);
    return 'done';
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; message?: unknown };
    return { code: cause.code, message: cause.message };
  }
}

const refused = (op: string) => ({ code: '23001', message: `${op} on audit_events is not allowed: the audit log is append-only` });

describe(`the audit log is append-only (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses UPDATE of every row, of one row and through an upsert; nothing changes', async () => {
    const before = await snapshot();
    expect(before).toHaveLength(2);
    expect(await attempt(sql`update audit_events set reason = 'rewritten'`)).toEqual(refused('UPDATE'));
    expect(await attempt(sql`update audit_events set after = '{"role":"OWNER"}'::jsonb where target_id = ${ids[0]}`)).toEqual(refused('UPDATE'));
    const id = before[0]!.id as string;
    expect(
      await attempt(sql`insert into audit_events (id, actor_user_id, actor_role, at, action, target_type, target_id)
        values (${id}, ${randomUUID()}, 'OWNER', now(), 'x', 'x', 'x') on conflict (id) do update set action = 'rewritten'`),
    ).toEqual(refused('UPDATE'));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses DELETE of every row and of one row; nothing changes', async () => {
    const before = await snapshot();
    expect(await attempt(sql`delete from audit_events`)).toEqual(refused('DELETE'));
    expect(await attempt(sql`delete from audit_events where target_id = ${ids[1]}`)).toEqual(refused('DELETE'));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses TRUNCATE, also with CASCADE; nothing changes', async () => {
    const before = await snapshot();
    expect(await attempt(sql`truncate audit_events`)).toEqual(refused('TRUNCATE'));
    expect(await attempt(sql`truncate audit_events restart identity cascade`)).toEqual(refused('TRUNCATE'));
    expect(await snapshot()).toEqual(before);
  });

  it('still takes new rows', async () => {
    const count = (await snapshot()).length;
    await recordAudit(database.db, { actor: { userId: randomUUID(), role: 'FINANCE' }, at: new Date(), action: 'referenceCode.create', targetType: 'referenceCode', targetId: 'c1' });
    expect(await snapshot()).toHaveLength(count + 1);
  });
});
