import { DECISION_RECORDS, MAKER_CHECKER_MESSAGES, OWN_RECORD_REFUSED_ACTION } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './modules/orders/test/lifecycle';
import { createTestApp, type TestContext } from './test/app';
import { OWN_RECORD_FIXTURES } from './test/own-records';

/**
 * Maker is never checker (QUALITY "Staff and accounts", decision 0037), generated from the routes
 * the server registers: every admin route whose contract `decides` on a record refuses that record
 * when the deciding admin owns, placed or proposed it — 403 with the rule's message, one audit row,
 * and the record (and the admin's Units) exactly as before. Every admin route that writes is either
 * declared a decision or named below as not one, so a new decision route cannot slip past the rule.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * Admin routes that write but decide on nobody's record, each group with its reason. A new admin
 * route that writes fails the first test until it is declared a decision (with its record kind,
 * so the rule applies) or added here with a reason.
 */
const NOT_DECISIONS: Readonly<Record<string, readonly string[]>> = {
  'reads, or sends an email again': ['POST /api/admin/users/:id/reveal', 'POST /api/admin/users/:id/resend-confirmation'],
  'the maker’s side of four eyes: a proposal, its preview, its withdrawal by the proposer, an invitation': [
    'POST /api/admin/settings/requests',
    'POST /api/admin/payment-details/requests',
    'POST /api/admin/settings/requests/:id/withdraw',
    'POST /api/admin/payment-details/requests/:id/withdraw',
    'POST /api/admin/settings/preview',
    'POST /api/admin/admins/invite',
  ],
  'the platform’s own codes, integrations and figures': [
    'POST /api/admin/reference-codes',
    'POST /api/admin/reference-codes/:id/disable',
    'PUT /api/admin/settings/integrations',
    'PUT /api/admin/site/impact',
  ],
  'the platform’s own job queue (no person’s record is decided)': ['POST /api/admin/jobs/:id/retry', 'POST /api/admin/jobs/:id/discard'],
  'the website’s content, written by staff': [
    'POST /api/admin/site/news',
    'PUT /api/admin/site/news/:id',
    'POST /api/admin/site/news/:id/publish',
    'POST /api/admin/site/news/:id/unpublish',
    'DELETE /api/admin/site/news/:id',
    'POST /api/admin/site/news-categories',
    'PUT /api/admin/site/news-categories/:id',
    'DELETE /api/admin/site/news-categories/:id',
    'POST /api/admin/site/team',
    'PUT /api/admin/site/team/:id',
    'DELETE /api/admin/site/team/:id',
    'PUT /api/admin/site/team-order',
    'PUT /api/admin/site/trust',
    'POST /api/admin/site/images',
    'POST /api/admin/votes',
    'POST /api/admin/votes/:id/close',
    'POST /api/admin/quizzes',
    'PUT /api/admin/quizzes/:id',
    'POST /api/admin/quizzes/:id/publish',
    'POST /api/admin/projects',
    'PUT /api/admin/projects/:id',
    'POST /api/admin/projects/:id/finish',
    'POST /api/admin/projects/:id/reopen',
    'POST /api/admin/projects/:id/teaser',
    'POST /api/admin/projects/:id/updates',
    'PUT /api/admin/projects/:id/updates/:updateId',
  ],
  'answering and moderating conversations (nothing is granted to anyone)': [
    'POST /api/admin/contact-messages/:id/reply',
    'POST /api/admin/contact-messages/:id/close',
    'POST /api/admin/contact-messages/:id/reopen',
    'POST /api/admin/community/questions/:id/answer',
    'POST /api/admin/community/questions/:id/close',
    'POST /api/admin/community/questions/:id/hide',
    'POST /api/admin/community/questions/:id/unhide',
    'POST /api/admin/community/answers/:id/hide',
    'POST /api/admin/community/answers/:id/unhide',
    'POST /api/admin/ideas/:id/hide',
    'POST /api/admin/ideas/:id/show',
    'POST /api/admin/chat/conversations/:id/assign',
    'POST /api/admin/chat/conversations/:id/messages',
    'POST /api/admin/chat/conversations/:id/read',
    'POST /api/admin/chat/conversations/:id/close',
    'POST /api/admin/chat/conversations/:id/reopen',
    'POST /api/admin/chat/canned-replies',
    'PUT /api/admin/chat/canned-replies/:id',
    'DELETE /api/admin/chat/canned-replies/:id',
    'PUT /api/admin/chat/office-hours',
  ],
};
const notDecisions = new Set(Object.values(NOT_DECISIONS).flat());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
/** The admin's audit rows, by id (a test clock may give rows one time, so ids tell the new ones apart). */
const auditRows = async (adminId: string) =>
  (
    (await ctx.database.db.execute(sql`select id, action, target_type, target_id, reason from audit_events where actor_user_id = ${adminId}`)) as unknown as {
      rows: ({ id: string } & Record<string, unknown>)[];
    }
  ).rows;

describe('maker is never checker', () => {
  it('every admin route that writes is declared a decision on a record, or named here as not one', () => {
    const writes = ctx.app.registeredRoutes.filter((r) => r.contract?.auth === 'admin' && r.method !== 'GET');
    const undeclared = writes.filter((r) => !r.contract?.decides && !notDecisions.has(key(r))).map(key);
    expect(undeclared).toEqual([]);
    // The list names only routes that exist and are not decisions.
    const names = new Set(writes.filter((r) => !r.contract?.decides).map(key));
    expect([...notDecisions].filter((name) => !names.has(name))).toEqual([]);
  });

  it('has a record of the deciding admin’s own for every kind of record decided on', () => {
    expect(Object.keys(OWN_RECORD_FIXTURES).sort()).toEqual([...DECISION_RECORDS].sort());
  });

  it('every decision route refuses the deciding admin’s own record: 403, an audit row, nothing changed', async () => {
    const decisions = ctx.app.registeredRoutes.filter((r) => r.contract?.decides);
    // Orders, payouts, verifications, email changes, agent applications, settings, accounts, ideas.
    expect(decisions.length).toBeGreaterThanOrEqual(21);
    expect(new Set(decisions.map((r) => r.contract!.decides!.record))).toEqual(new Set(DECISION_RECORDS));
    const wrong: string[] = [];
    for (const route of decisions) {
      const declared = route.contract!.decides!;
      const own = await OWN_RECORD_FIXTURES[declared.record](ctx, route.url);
      const before = await own.state();
      const auditBefore = await auditRows(own.admin.id);
      const res = await postJson(ctx.app, own.admin.session, own.url, own.body);
      const name = key(route);
      const message = declared.ownMessage ?? MAKER_CHECKER_MESSAGES.ownRecord;
      if (res.statusCode !== 403) wrong.push(`${name} → ${res.statusCode} ${res.body}`);
      else if (!matches(res.json(), { code: 'FORBIDDEN', message })) wrong.push(`${name} answered ${res.body}`);
      const seen = new Set(auditBefore.map((row) => row.id));
      const added = (await auditRows(own.admin.id)).filter((row) => !seen.has(row.id)).map(({ id: _id, ...row }) => row);
      const expected = [{ action: OWN_RECORD_REFUSED_ACTION, target_type: expect.any(String), target_id: own.recordId, reason: message }];
      if (!matches(added, expected)) wrong.push(`${name} audit rows ${JSON.stringify(added)}`);
      if (!matches(await own.state(), before)) wrong.push(`${name} changed the record`);
    }
    expect(wrong).toEqual([]);
  });
});

function matches(actual: unknown, expected: unknown): boolean {
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}
