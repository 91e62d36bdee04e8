import { DEFAULT_PAYMENT_DETAILS, type DecisionRecord } from '@landunits/domain';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { balancesOf, userHolder } from '../modules/ledger';
import { setAdminRole } from '../modules/users';
import { staffLogin } from './accounts';
import { emailChangeCalls } from '../modules/email-change/test/helpers';
import { createOrder } from '../modules/orders/test/fixtures';
import { buyBody, created, postJson, sellBody, successOrder } from '../modules/orders/test/lifecycle';
import { GBP_ACCOUNT, setBank } from '../modules/orders/test/payouts-setup';
import { figures, MONEY, PAYMENT, propose } from '../modules/pricing/test/settings-admin-setup';
import { inTransaction } from '../platform/db/transaction';
import type { TestContext } from './app';
import { createAdminPerson, createPerson, type TestPerson } from './factories';

/**
 * For each kind of record an admin decides on (DECISION_RECORDS), one such record owned, placed or
 * proposed by the admin who is about to decide on it, as the maker-checker test needs it: the
 * deciding admin (OWNER, so every decision route's permission is theirs), the route's address
 * with the record's id, a body the decision would accept, and the record as stored (with the
 * admin's Units), which a refused decision leaves as it was.
 */

export interface OwnRecord {
  admin: TestPerson;
  recordId: string;
  url: string;
  body: unknown;
  state: () => Promise<unknown>;
}

type Fixture = (ctx: TestContext, route: string) => Promise<OwnRecord>;

const rows = async (ctx: TestContext, query: SQL) => ((await ctx.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** What a decision could change for the admin as a customer: their Units. */
const unitsOf = (ctx: TestContext, userId: string) => balancesOf(ctx.database.db, userHolder(userId));

/**
 * A customer's account made staff after they placed something (records made before a rule, or by
 * a person later hired), then signed in as staff (with an authenticator app).
 */
async function promote(ctx: TestContext, person: TestPerson): Promise<void> {
  await inTransaction(ctx.database.db, (tx) => setAdminRole(tx, person.id, 'OWNER', ctx.app.ctx.clock.now()));
  person.session = await staffLogin(ctx.app, person.email);
}

const withId = (route: string, id: string) => route.replace(/:[A-Za-z]+/, encodeURIComponent(id));

/** The body each decision route would accept. */
function decisionBody(route: string): unknown {
  if (route.endsWith('/transition')) return { toStatus: 'Approved', reason: 'Payment received' };
  if (route.endsWith('/mark-paid')) return { bankReference: 'FP-2026-0001' };
  if (route.endsWith('/purchase-limit')) return { currency: 'GBP', amount: '50000', reason: 'A larger limit' };
  if (route.endsWith('/role')) return { role: 'SUPPORT' };
  if (route.endsWith('/status')) return { status: 'adopted', reply: 'We will do it' };
  if (/\/(reject|revoke|disable|enable|clear-flag)$/.test(route) || route.includes('/agent-applications/')) return { reason: 'Checked by hand' };
  return {};
}

const order: Fixture = async (ctx, route) => {
  const app = ctx.app;
  const person = await createPerson(app, { verified: true, units: 500 });
  let orderId: string;
  if (route.includes('/payouts/')) {
    // A sale waiting for its payout.
    await setBank(ctx.database.db, person.id, GBP_ACCOUNT);
    orderId = created(await createOrder(app, person.session, sellBody(100))).orderId as string;
  } else {
    // A bank buy whose payment the customer says they sent: it waits for an admin.
    orderId = created(await createOrder(app, person.session, buyBody(100))).orderId as string;
    expect((await successOrder(app, person.session, orderId)).statusCode).toBe(200);
  }
  await promote(ctx, person);
  const state = async () => ({ order: await rows(ctx, sql`select * from orders where id = ${orderId}`), units: await unitsOf(ctx, person.id) });
  return { admin: person, recordId: orderId, url: withId(route, orderId), body: decisionBody(route), state };
};

const verification: Fixture = async (ctx, route) => {
  const person = await createPerson(ctx.app, { verified: { profile: 'Pending', bank: 'Pending' } });
  await promote(ctx, person);
  const state = () => rows(ctx, sql`select profile_verification_status, bank_verification_status, updated_at from users where id = ${person.id}`);
  return { admin: person, recordId: person.id, url: route, body: { userId: person.id, decision: 'approve' }, state };
};

let changes = 0;
const emailChange: Fixture = async (ctx, route) => {
  const calls = emailChangeCalls(ctx.app);
  const person = await createPerson(ctx.app);
  const newEmail = `moved${++changes}.own-records@example.com`;
  await calls.verifyPassword(person.session);
  await calls.sendLink(person.session, newEmail);
  expect((await calls.openLink(await calls.token(newEmail))).statusCode).toBe(200);
  expect((await calls.upload(person.session)).statusCode).toBe(200);
  const submitted = await calls.submit(person.session);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const id = submitted.json().emailChange.id as string;
  await promote(ctx, person);
  const state = async () => ({ request: await rows(ctx, sql`select * from email_change_requests where id = ${id}`), email: await rows(ctx, sql`select email from users where id = ${person.id}`) });
  return { admin: person, recordId: id, url: withId(route, id), body: decisionBody(route), state };
};

const agentApplication: Fixture = async (ctx, route) => {
  const app = ctx.app;
  const person = await createPerson(app);
  const applied = await postJson(app, person.session, '/api/community/becomeCommunityAgent', { reason: 'I like helping', experienceAndMotivation: 'Years of forestry' });
  expect(applied.statusCode, applied.body).toBe(200);
  const [row] = (await rows(ctx, sql`select id from community_agent_applications where user_id = ${person.id}`)) as { id: string | number }[];
  const id = String(row!.id);
  if (route.endsWith('/revoke')) {
    // A badge is removed from an approved application: another admin approved it.
    const compliance = await createAdminPerson(app, 'COMPLIANCE');
    const approved = await postJson(app, compliance.session, `/api/admin/community/agent-applications/${id}/approve`, { reason: 'Welcome aboard' });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  await promote(ctx, person);
  const state = () => rows(ctx, sql`select * from community_agent_applications where id = ${Number(id)}`);
  return { admin: person, recordId: id, url: withId(route, id), body: decisionBody(route), state };
};

const settingChange: Fixture = async (ctx, route) => {
  const admin = await createAdminPerson(ctx.app, 'OWNER');
  const payment = route.startsWith(PAYMENT);
  const value = payment
    ? { ...DEFAULT_PAYMENT_DETAILS, adminBankDetails: { ...DEFAULT_PAYMENT_DETAILS.adminBankDetails, bankName: `Own Bank ${++changes}` } }
    : figures((f) => (f.externalFees.Card_Stripe.fixedPercentageFees = 150 + ++changes));
  const proposed = await propose(ctx.app, admin.session, value, 'A change of my own', payment ? PAYMENT : MONEY);
  expect(proposed.statusCode, proposed.body).toBe(200);
  const id = proposed.json().request.id as string;
  const state = async () => ({ request: await rows(ctx, sql`select * from setting_change_requests where id = ${id}`), settings: await rows(ctx, sql`select * from settings order by key`) });
  return { admin, recordId: id, url: withId(route, id), body: decisionBody(route), state };
};

const account: Fixture = async (ctx, route) => {
  const admin = await createAdminPerson(ctx.app, 'OWNER');
  const state = async () => ({ user: await rows(ctx, sql`select * from users where id = ${admin.id}`), sessions: await rows(ctx, sql`select id from sessions where user_id = ${admin.id}`) });
  return { admin, recordId: admin.id, url: withId(route, admin.id), body: decisionBody(route), state };
};

const idea: Fixture = async (ctx, route) => {
  const person = await createPerson(ctx.app);
  const posted = await postJson(ctx.app, person.session, '/api/community/ideas', { title: `My own idea ${++changes}`, description: 'Plant hedgerows along every field we restore.' });
  expect(posted.statusCode, posted.body).toBeLessThan(300);
  const [row] = (await rows(ctx, sql`select id from ideas where author_id = ${person.id}`)) as { id: string | number }[];
  const id = String(row!.id);
  await promote(ctx, person);
  const state = () => rows(ctx, sql`select * from ideas where id = ${Number(id)}`);
  return { admin: person, recordId: id, url: withId(route, id), body: decisionBody(route), state };
};

/** One fixture per kind of decision record: a new kind fails the maker-checker test until it has one. */
export const OWN_RECORD_FIXTURES: Readonly<Record<DecisionRecord, Fixture>> = { order, verification, emailChange, agentApplication, settingChange, account, idea };
