import { ADMIN_ROLES, type AdminRole } from '@landunits/domain';
import type { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../../platform/db/client';
import type { TestContext } from '../../../test/app';
import { createAdminPerson } from '../../../test/factories';

/** The governance tests' calls: one admin per role, requests as a session, common reads. */
export async function adminsOf(ctx: TestContext, tag: string): Promise<Record<AdminRole, string>> {
  const admins = {} as Record<AdminRole, string>;
  for (const role of ADMIN_ROLES) {
    const email = `${role.toLowerCase()}.${tag}@example.com`;
    admins[role] = (await createAdminPerson(ctx.app, role, { email, firstName: 'Admin' })).session;
  }
  return admins;
}

const ORIGIN = { origin: 'http://localhost:3000' };
const as = (session: string | undefined) => (session ? { cookies: { lu_session: session } } : {});

export function calls(ctx: TestContext) {
  const get = (session: string | undefined, url: string) => ctx.app.inject({ method: 'GET', url, headers: ORIGIN, ...as(session) });
  const send = (method: 'POST' | 'PUT', session: string | undefined, url: string, body?: unknown) =>
    ctx.app.inject({ method, url, headers: ORIGIN, ...(body === undefined ? {} : { payload: body as object }), ...as(session) });
  return {
    get,
    post: (session: string | undefined, url: string, body?: unknown) => send('POST', session, url, body),
    put: (session: string | undefined, url: string, body?: unknown) => send('PUT', session, url, body),
    /** A vote opened by `admin`, closing at `closesAt`; answers its id. */
    async openVote(admin: string, closesAt: Date, question = 'Plant more oaks?'): Promise<number> {
      const res = await send('POST', admin, '/api/admin/votes', { question, details: 'Details', closesAt: closesAt.toISOString() });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().vote.id as number;
    },
    ballot: (session: string, voteId: number, answer: string) => send('POST', session, `/api/governance/votes/${voteId}/ballot`, { answer }),
  };
}

export async function countRows(ctx: TestContext, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.database.db, query);
  return Number(row?.n ?? 0);
}
