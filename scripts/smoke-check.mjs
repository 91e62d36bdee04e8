// A release's smoke checks against a running instance: health, a customer's sign-in and dashboard,
// a bank buy placed and marked paid, the admin's approval, the Units arriving, the history listing
// the buy, and both sign-outs. It uses nothing but Node, so the upgrade check (npm run
// test:upgrade) can run the previous release's own copy against that release's server on the new
// schema (docs/operations.md, "Upgrades and rollbacks").
//
//   node scripts/smoke-check.mjs <base URL>
//   SMOKE_CUSTOMER_EMAIL, SMOKE_CUSTOMER_PASSWORD: a verified customer
//   SMOKE_ADMIN_EMAIL, SMOKE_ADMIN_PASSWORD: an admin who approves bank buys (OWNER or FINANCE)
//   SMOKE_ADMIN_AUTHENTICATOR_KEY: that admin's authenticator key, when they have set one up; an
//   admin without one sets one up at sign-in, as the admin pages ask (docs/decisions/0046)
import { createHmac, randomUUID } from 'node:crypto';

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

async function call(method, path, { session, cookie, body } = {}) {
  const headers = {};
  if (session) headers.cookie = `lu_session=${session}`;
  if (cookie) headers.cookie = cookie;
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

const cookieValue = (answer, name) =>
  answer.cookies
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1)
    .split(';')[0];

/** The 6-digit code an authenticator app shows now for a base32 key (RFC 6238: SHA-1, 30 s). */
/** The code of the current 30-second step, or of the one `ahead` steps later (the server accepts one step either side, each once). */
function authenticatorCode(key, ahead = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...key.replace(/=+$/, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const secret = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + ahead));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The admin's authenticator key: the one given, or the one set up during the checks. */
let adminKey = process.env.SMOKE_ADMIN_AUTHENTICATOR_KEY;

async function signIn(email, password, who) {
  const answer = await call('POST', '/api/auth/login', { body: { email, password } });
  expectStatus(answer, 200, `${who} signs in`);
  if (answer.json?.secondFactor) {
    // A release with a second sign-in step, and an account with an authenticator app.
    const key = process.env.SMOKE_ADMIN_AUTHENTICATOR_KEY;
    if (!key) throw new SmokeFailure(`${who} signs in: the account asks for an authenticator code and SMOKE_ADMIN_AUTHENTICATOR_KEY is unset`);
    const second = await call('POST', '/api/auth/login/second-factor', { cookie: `lu_signin=${cookieValue(answer, 'lu_signin')}`, body: { method: 'totp', code: authenticatorCode(key) } });
    expectStatus(second, 200, `${who}'s authenticator code`);
    return cookieValue(second, 'lu_session');
  }
  const session = cookieValue(answer, 'lu_session');
  if (!session) throw new SmokeFailure(`${who} signs in: no lu_session cookie in the answer`);
  if (answer.json?.redirectTo === '/dashboard/settings/security') {
    // An admin without an authenticator app sets one up in this session, which then may act.
    const setup = await call('POST', '/api/user/security/totp/setup', { session });
    expectStatus(setup, 200, `${who} starts setting up an authenticator app`);
    adminKey = setup.json.secret;
    const confirmed = await call('POST', '/api/user/security/totp', { session, body: { code: authenticatorCode(setup.json.secret), password } });
    expectStatus(confirmed, 200, `${who} confirms the authenticator app`);
    // Kept by whoever runs the checks: the admin's later sign-ins need it.
    process.stdout.write(`  ${who} had no authenticator app and now has one: SMOKE_ADMIN_AUTHENTICATOR_KEY=${setup.json.secret}\n`);
  }
  return session;
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
    const approve = () => call('POST', `/api/admin/orders/${orderId}/transition`, { session: admin, body: { toStatus: 'Approved', reason: 'Payment received' } });
    let approved = await approve();
    if (approved.status === 403 && approved.json?.code === 'STEP_UP_REQUIRED') {
      // A release that asks staff to confirm decisions on money: the app's next code (the current one signed in).
      if (!adminKey) throw new SmokeFailure('the approval asks the admin to step up and SMOKE_ADMIN_AUTHENTICATOR_KEY is unset');
      const stepped = await call('POST', '/api/user/security/step-up', { session: admin, body: { action: 'admin-money', method: 'totp', code: authenticatorCode(adminKey, 1) } });
      expectStatus(stepped, 200, "the admin's step-up");
      approved = await approve();
    }
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
