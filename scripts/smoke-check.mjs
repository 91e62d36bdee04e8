// A release's smoke checks against a running instance: health, a customer's sign-in and dashboard,
// a bank buy placed and marked paid, the admin's approval, the Units arriving, the history listing
// the buy, and both sign-outs. It uses nothing but Node, so the upgrade check (npm run
// test:upgrade) can run the previous release's own copy against that release's server on the new
// schema (docs/operations.md, "Upgrades and rollbacks").
//
//   node scripts/smoke-check.mjs <base URL>
//   SMOKE_CUSTOMER_EMAIL, SMOKE_CUSTOMER_PASSWORD: a verified customer
//   SMOKE_ADMIN_EMAIL, SMOKE_ADMIN_PASSWORD: an admin who approves bank buys (OWNER or FINANCE)
import { randomUUID } from 'node:crypto';

const base = process.argv[2];
const needed = ['SMOKE_CUSTOMER_EMAIL', 'SMOKE_CUSTOMER_PASSWORD', 'SMOKE_ADMIN_EMAIL', 'SMOKE_ADMIN_PASSWORD'];
const missing = needed.filter((name) => !process.env[name]);
if (!base || missing.length > 0) {
  process.stderr.write(`usage: node scripts/smoke-check.mjs <base URL>, with ${needed.join(', ')} set${missing.length > 0 ? ` (missing: ${missing.join(', ')})` : ''}\n`);
  process.exit(2);
}

const UNITS = 10;
const UNIT_TYPE = 'LAND_POUND';

class SmokeFailure extends Error {}

async function call(method, path, { session, body } = {}) {
  const headers = {};
  if (session) headers.cookie = `lu_session=${session}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['idempotency-key'] = `smoke-${randomUUID()}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, text, cookies: res.headers.getSetCookie() };
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new SmokeFailure(`${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`);
}

/** A write that succeeded: 200 or 201. */
function expectDone(answer, what) {
  if (answer.status !== 200 && answer.status !== 201) throw new SmokeFailure(`${what}: expected 200 or 201, got ${answer.status}: ${answer.text.slice(0, 300)}`);
}

async function signIn(email, password, who) {
  const answer = await call('POST', '/api/auth/login', { body: { email, password } });
  expectStatus(answer, 200, `${who} signs in`);
  const cookie = answer.cookies.find((c) => c.startsWith('lu_session='));
  if (!cookie) throw new SmokeFailure(`${who} signs in: no lu_session cookie in the answer`);
  return cookie.slice('lu_session='.length).split(';')[0];
}

async function ownedUnits(session) {
  const answer = await call('GET', '/api/user', { session });
  expectStatus(answer, 200, 'the dashboard bundle');
  const owned = answer.json?.userDashBoardDetails?.userAnalytics?.[UNIT_TYPE]?.owned;
  if (!Number.isInteger(owned)) throw new SmokeFailure(`the dashboard bundle has no whole number of ${UNIT_TYPE} Units owned`);
  return owned;
}

const checks = [];
async function check(name, run) {
  const started = Date.now();
  const result = await run();
  checks.push(name);
  process.stdout.write(`  ok  ${name} (${Date.now() - started} ms)\n`);
  return result;
}

try {
  await check('health answers 200', async () => expectStatus(await call('GET', '/api/health'), 200, 'GET /api/health'));
  const customer = await check('the customer signs in', () => signIn(process.env.SMOKE_CUSTOMER_EMAIL, process.env.SMOKE_CUSTOMER_PASSWORD, 'the customer'));
  const before = await check('the dashboard shows the Units held', () => ownedUnits(customer));
  const orderId = await check(`a bank buy of ${UNITS} Units is placed and marked paid`, async () => {
    const created = await call('POST', '/api/order/create_order', { session: customer, body: { orderType: 'BUY', currencyUnit: { numberOfUnits: UNITS }, paymentDetails: { paymentMethod: 'Bank' } } });
    expectDone(created, 'create_order');
    const id = created.json?.orderCreatedData?.orderId;
    if (typeof id !== 'string') throw new SmokeFailure('create_order: the answer has no orderCreatedData.orderId');
    expectDone(await call('POST', '/api/order/success_order', { session: customer, body: { orderId: id } }), 'success_order');
    return id;
  });
  const admin = await check('the admin signs in', () => signIn(process.env.SMOKE_ADMIN_EMAIL, process.env.SMOKE_ADMIN_PASSWORD, 'the admin'));
  await check('the admin approves the buy', async () => {
    const approved = await call('POST', `/api/admin/orders/${orderId}/transition`, { session: admin, body: { toStatus: 'Approved', reason: 'Payment received' } });
    expectDone(approved, 'the approval');
  });
  await check(`the customer holds ${UNITS} more Units`, async () => {
    const after = await ownedUnits(customer);
    if (after !== before + UNITS) throw new SmokeFailure(`owned Units: expected ${before + UNITS}, got ${after}`);
  });
  await check('the history lists the buy', async () => {
    const page = await call('GET', '/api/order/getTransactions', { session: customer });
    expectStatus(page, 200, 'getTransactions');
    if (!page.text.includes(orderId)) throw new SmokeFailure(`getTransactions: order ${orderId} is not listed`);
  });
  await check('both sign out', async () => {
    expectStatus(await call('POST', '/api/auth/logout', { session: customer }), 200, 'the customer signs out');
    expectStatus(await call('POST', '/api/auth/logout', { session: admin }), 200, 'the admin signs out');
    expectStatus(await call('GET', '/api/user', { session: customer }), 401, 'the dashboard after signing out');
  });
  process.stdout.write(`smoke checks passed against ${base}: ${checks.length} of ${checks.length}\n`);
} catch (err) {
  process.stderr.write(`smoke check failed against ${base} after ${checks.length} passed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
