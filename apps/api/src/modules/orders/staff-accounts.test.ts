import { addDaysIso, MAKER_CHECKER_MESSAGES as M, OWN_RECORD_REFUSED_ACTION, utcIsoDate } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdminPerson, createPerson, type TestPerson } from '../../test/factories';
import { inTransaction } from '../../platform/db/transaction';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { setAdminRole } from '../users';
import { staffLogin } from '../../test/accounts';
import { createOrder, getJson, giveUnits, transferBody } from './test/fixtures';
import { buyBody, bucketsOf, convertBody, created, decide, expectReconciled, ledgerSnapshot, scheduleBody, sellBody, statusOf, successOrder, transition } from './test/lifecycle';

/**
 * Maker is never checker for orders (decision 0037): staff accounts buy, sell, convert and
 * transfer nothing and receive no Units; an admin cannot decide on an order of their own.
 */

let ctx: TestContext;
let finance: TestPerson;
let ada: TestPerson;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  finance = await createAdminPerson(ctx.app, 'FINANCE', { email: 'finance.staff@example.com' });
  ada = await createPerson(ctx.app, { email: 'ada.staff@example.com', verified: true, units: 500 });
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(db(), ctx.app.ctx.clock.now());
});

const nextWeek = () => addDaysIso(utcIsoDate(ctx.app.ctx.clock.now()), 7);
const ordersOf = async (userId: string) => ((await db().execute(sql`select id from orders where user_id = ${userId}`)) as unknown as { rows: unknown[] }).rows;

describe('staff accounts hold no Units', () => {
  it('refuses a staff account’s buy, sale, conversion and transfers with 403 and the rule’s message; nothing is written', async () => {
    const owner = await createAdminPerson(ctx.app, 'OWNER', { verified: true });
    // Units a staff account might still hold from before the rule: it cannot move them either.
    await giveUnits(db(), owner.id, 200);
    const before = await ledgerSnapshot(db());
    const bodies = [
      buyBody(100),
      buyBody(100, 'LAND_USD', 'Card_Stripe'),
      sellBody(50),
      convertBody(20, 'LAND_POUND', 'LAND_USD'),
      transferBody(ada.email, 10),
      scheduleBody(ada.email, 10, nextWeek()),
    ];
    for (const body of bodies) {
      const res = await createOrder(ctx.app, owner.session, body);
      expect(res.statusCode, `${body.orderType}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: M.staffTrades });
    }
    expect(await ordersOf(owner.id)).toEqual([]);
    expect(await ledgerSnapshot(db())).toEqual(before);
  });

  it('refuses a transfer to a staff account, now or scheduled, and the recipient lookup says why', async () => {
    const before = await bucketsOf(db(), ada.id);
    for (const body of [transferBody(finance.email, 10), scheduleBody(finance.email, 10, nextWeek())]) {
      const res = await createOrder(ctx.app, ada.session, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: VALIDATION_MESSAGE, errors: { recipientEmail: M.staffRecipient } });
    }
    const financeUnits = await bucketsOf(db(), finance.id);
    expect(await bucketsOf(db(), ada.id)).toEqual(before);
    expect(Object.values(financeUnits).every((units) => units === 0)).toBe(true);
    const lookup = await getJson(ctx.app, ada.session, `/api/user/getUserNameByEmail?email=${encodeURIComponent(finance.email)}`);
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json()).toEqual({ code: 'RECIPIENT_NOT_FOUND', message: M.staffRecipient });
    // A customer is still found and paid as before.
    const bob = await createPerson(ctx.app, { firstName: 'Bob', lastName: 'Baker' });
    expect((await getJson(ctx.app, ada.session, `/api/user/getUserNameByEmail?email=${encodeURIComponent(bob.email)}`)).json()).toEqual({ name: 'Bob B.' });
    expect((await createOrder(ctx.app, ada.session, transferBody(bob.email, 10))).statusCode).toBe(201);
  });
});

describe('an admin’s own order', () => {
  it('a FINANCE admin cannot approve their own bank buy: 403, one audit row, the order waits; another admin approves it', async () => {
    // A customer's bank buy waiting for its payment to be checked; then the customer joins the staff.
    const cy = await createPerson(ctx.app, { verified: true });
    const orderId = created(await createOrder(ctx.app, cy.session, buyBody(100))).orderId as string;
    expect((await successOrder(ctx.app, cy.session, orderId)).statusCode).toBe(200);
    await inTransaction(db(), (tx) => setAdminRole(tx, cy.id, 'FINANCE', ctx.app.ctx.clock.now()));
    cy.session = await staffLogin(ctx.app, cy.email);

    const unitsBefore = await bucketsOf(db(), cy.id);
    const own = await transition(ctx.app, cy.session, orderId, { toStatus: 'Approved', reason: 'I paid, trust me' });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toEqual({ code: 'FORBIDDEN', message: M.ownRecord });
    expect(await statusOf(db(), orderId)).toBe('PaymentSent');
    expect(await bucketsOf(db(), cy.id)).toEqual(unitsBefore);
    const audit = (await db().execute(sql`select action, actor_user_id, actor_role, target_type, target_id, reason from audit_events where target_id = ${orderId}`)) as unknown as {
      rows: unknown[];
    };
    expect(audit.rows).toEqual([{ action: OWN_RECORD_REFUSED_ACTION, actor_user_id: cy.id, actor_role: 'FINANCE', target_type: 'order', target_id: orderId, reason: M.ownRecord }]);

    // The rule refuses only the owner: another FINANCE admin decides as always.
    expect((await decide(ctx.app, finance.session, orderId, 'Approved')).orderStatus).toBe('Approved');
  });
});
