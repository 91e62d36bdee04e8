import { randomUUID } from 'node:crypto';
import { DEFAULT_MONEY_SETTINGS, moneyFiguresOf, type AdminRole, type MoneyFigures } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/client';
import { me, PASSWORD, staffLogin } from '../../../test/accounts';
import { createAdmin } from '../../users';
import { withStepUp } from '../../../test/factories';

/** Helpers of the four-eyes settings tests: admins per role, the routes' calls, the audit rows. */

export interface TestAdmin {
  id: string;
  session: string;
}

export async function makeAdmin(app: FastifyInstance, db: Db, email: string, role: AdminRole): Promise<TestAdmin> {
  await createAdmin(db, { email, password: PASSWORD, role, firstName: role === 'OWNER' ? 'Olive' : 'Fin' });
  const session = await staffLogin(app, email);
  return { id: (await me(app, session)).json().user.id as string, session };
}

/** A POST as `session`; asked to step up (an approval), it steps up and sends it again. */
export function postJson(app: FastifyInstance, session: string | undefined, url: string, body: unknown = {}) {
  return withStepUp(app, session, () =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'idempotency-key': `test-${randomUUID()}` },
      payload: JSON.stringify(body),
      ...(session ? { cookies: { lu_session: session } } : {}),
    }),
  );
}

export const getJson = (app: FastifyInstance, session: string | undefined, url: string) => app.inject({ method: 'GET', url, ...(session ? { cookies: { lu_session: session } } : {}) });

/** A copy of the default money figures with some changed. */
export function figures(change: (copy: MoneyFigures) => void = () => {}): MoneyFigures {
  const copy = structuredClone(moneyFiguresOf(DEFAULT_MONEY_SETTINGS)) as MoneyFigures;
  change(copy);
  return copy;
}

export const MONEY = '/api/admin/settings';
export const PAYMENT = '/api/admin/payment-details';

export const propose = (app: FastifyInstance, session: string, value: unknown, reason = 'Our card provider raised its price', base = MONEY) =>
  postJson(app, session, `${base}/requests`, { value, reason });
export const decideRequest = (app: FastifyInstance, session: string, id: string, verb: 'approve' | 'reject' | 'withdraw', body: unknown = {}, base = MONEY) =>
  postJson(app, session, `${base}/requests/${id}/${verb}`, body);

export interface AuditRow {
  actor_user_id: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

async function auditRows(db: Db): Promise<(AuditRow & { id: string })[]> {
  const result = await db.execute(sql`select id, actor_user_id, actor_role, action, target_type, target_id, before, after, reason from audit_events order by at, id`);
  return (result as unknown as { rows: (AuditRow & { id: string })[] }).rows;
}

/** Runs `act` and returns what it answered and the audit rows it added. */
export async function withAudit<T>(db: Db, act: () => Promise<T>): Promise<{ result: T; rows: AuditRow[] }> {
  const seen = new Set((await auditRows(db)).map((row) => row.id));
  const result = await act();
  const rows = (await auditRows(db)).filter((row) => !seen.has(row.id)).map(({ id: _id, ...row }) => row);
  return { result, rows };
}
