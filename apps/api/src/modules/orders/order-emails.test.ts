import { DEFAULT_MONEY_SETTINGS, formatMoney, type DevMailMessage } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { orders, users } from '../../schema';
import { mailTo } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { applyProviderEvent } from '../payments';
import { createOrder, giveUnits, newKey, signUp, transferBody, type TestUser } from './test/fixtures';
import { buyBody, convertBody, created, decide, makeAdmin, scheduleBody, sellBody, successOrder, transition, type TestAdmin } from './test/lifecycle';
import { GBP_ACCOUNT, markPaid, setBank } from './test/payouts-setup';

// Each money event's email arrives once at /dev/mail, to the right person, with the figures of its
// order; a replayed request (same Idempotency-Key) sends none, and neither does a transaction that
// fails after the email was queued.

const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let t: TestContext;
let admin: TestAdmin;
let people = 0;
beforeAll(async () => {
  t = await createTestApp({}, undefined, clock);
  admin = await makeAdmin(t.app, t.database.db, 'emails.admin@example.com');
});
afterAll(() => t.close());

const person = (first = 'Ada', last = 'Lovelace') => signUp(t.app, `emails.${++people}@example.com`, first, last);

/** The emails to `to` whose subject matches, after the outbox is drained. */
async function mailed(to: string, subject: RegExp): Promise<DevMailMessage[]> {
  return (await mailTo(t.app, to)).filter((m) => subject.test(m.subject));
}

/** Exactly one such email; its text carries every figure given ('Label: value'), its HTML every value. */
async function one(to: string, subject: RegExp, figures: string[]): Promise<DevMailMessage> {
  const messages = await mailed(to, subject);
  expect(messages.map((m) => m.subject)).toHaveLength(1);
  const [message] = messages as [DevMailMessage];
  for (const figure of figures) {
    expect(message.text).toContain(figure);
    expect(message.html).toContain((figure.split(': ').pop() as string).replace(/&/g, '&amp;'));
  }
  expect(message.html).toContain('style="');
  return message;
}

const GBP = (cents: number) => formatMoney(cents, 'GBP');
/** What an order's view says is paid (a buy) or paid out (a sale), in cents. */
const amountOf = (order: Record<string, unknown>) => (order.paymentDetails as { paymentAmount: number }).paymentAmount;

/** Makes the next answer of the idempotency key of `scope` fail when stored: the request's transaction rolls back after its email was queued. */
async function failNextStore(scope: string): Promise<() => Promise<void>> {
  const db = t.database.db;
  await db.execute(sql.raw(`create or replace function fail_store() returns trigger language plpgsql as $$ begin raise exception 'storage failed'; end $$`));
  await db.execute(sql.raw(`create trigger fail_store before update on idempotency_keys for each row when (new.scope = '${scope}' and new.status is not null) execute function fail_store()`));
  return async () => {
    await db.execute(sql.raw('drop trigger fail_store on idempotency_keys'));
  };
}

describe('money-event emails', () => {
  it('a bank buy placed: payment instructions with the bank details and the payment reference, once', async () => {
    const buyer = await person();
    const key = newKey();
    const order = created(await createOrder(t.app, buyer.session, buyBody(10), key));
    const payment = order.paymentDetails as { paymentAmount: number };
    const bank = DEFAULT_MONEY_SETTINGS.adminBankDetails;
    const mail = await one(buyer.email, /payment instructions/, [
      '10 GBP Units',
      GBP(payment.paymentAmount),
      order.orderId.slice(-5),
      bank.sortCode,
      bank.bankAccountNumber,
      bank.iban,
      bank.bankAccountName,
    ]);
    expect(mail.subject).toBe('Your order of 10 GBP Units: payment instructions');
    expect(mail.text).toContain(`Payment reference: ${order.orderId.slice(-5)}`);
    // The same request again is a replay: no second email.
    expect((await createOrder(t.app, buyer.session, buyBody(10), key)).statusCode).toBe(201);
    expect(await mailed(buyer.email, /payment instructions/)).toHaveLength(1);
  });

  it('a buy whose transaction fails after its email was queued sends none', async () => {
    const buyer = await person();
    const restore = await failNextStore(`user:${buyer.id}`);
    try {
      expect((await createOrder(t.app, buyer.session, buyBody(7))).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);
    expect(await mailed(buyer.email, /GBP Units/)).toHaveLength(0);
  });

  it('a crypto buy placed: the wallet to pay to, once', async () => {
    const buyer = await person();
    const order = created(await createOrder(t.app, buyer.session, { ...buyBody(12, undefined, 'Crypto'), paymentDetails: { paymentMethod: 'Crypto', cryptoType: 'BITCOIN' } }));
    await one(buyer.email, /how to pay/, ['12 GBP Units', GBP(amountOf(order)), DEFAULT_MONEY_SETTINGS.adminCryptoWallets.BITCOIN, 'Bitcoin']);
  });

  it('payment approved and payment failed by an admin, each once; a replayed decision sends none', async () => {
    const buyer = await person();
    const approved = created(await createOrder(t.app, buyer.session, buyBody(20)));
    expect((await successOrder(t.app, buyer.session, approved.orderId)).statusCode).toBe(200);
    const key = newKey();
    const body = { toStatus: 'Approved', reason: 'Money arrived' };
    expect((await transition(t.app, admin.session, approved.orderId, body, key)).statusCode).toBe(200);
    expect((await transition(t.app, admin.session, approved.orderId, body, key)).statusCode).toBe(200);
    await one(buyer.email, /^Payment received/, ['20 GBP Units', `Amount paid: ${GBP(amountOf(approved))}`, approved.orderId]);

    const failed = created(await createOrder(t.app, buyer.session, buyBody(3)));
    expect((await successOrder(t.app, buyer.session, failed.orderId)).statusCode).toBe(200);
    await decide(t.app, admin.session, failed.orderId, 'Failed', 'No money arrived');
    await one(buyer.email, /did not go through/, ['3 GBP Units', GBP(amountOf(failed)), failed.orderId]);
    // The admin's reason stays internal.
    expect((await mailed(buyer.email, /did not go through/))[0]?.text).not.toContain('No money arrived');

    // A decision whose transaction fails after its email was queued sends none.
    const third = created(await createOrder(t.app, buyer.session, buyBody(4)));
    expect((await successOrder(t.app, buyer.session, third.orderId)).statusCode).toBe(200);
    const restore = await failNextStore(`admin:${admin.id}`);
    try {
      expect((await transition(t.app, admin.session, third.orderId, { toStatus: 'Approved', reason: 'Money arrived' })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await mailed(buyer.email, /^Payment received/)).toHaveLength(1);
  });

  it('a card payment completed, once, also when the provider says it twice', async () => {
    const buyer = await person();
    const order = created(await createOrder(t.app, buyer.session, buyBody(15, undefined, 'Card_Stripe')));
    expect(await mailed(buyer.email, /GBP Units/)).toHaveLength(0); // no instructions for a card buy
    const paid = { kind: 'succeeded' as const, amountCents: amountOf(order), currency: 'gbp', providerPaymentId: 'pi_emails_1' };
    const event = { provider: 'stripe' as const, eventId: 'evt_emails_1', eventType: 'payment_intent.succeeded' };
    expect(await applyProviderEvent(t.app.ctx, event, { orderId: order.orderId }, paid)).toBe('completed');
    expect(await applyProviderEvent(t.app.ctx, event, { orderId: order.orderId }, paid)).toBe('duplicate');
    const mail = await one(buyer.email, /^Card payment completed/, ['15 GBP Units', `Amount paid: ${GBP(amountOf(order))}`]);
    // Customers read "card", never the provider behind it.
    for (const text of [mail.subject, mail.text, mail.html]) expect(text).not.toMatch(/Stripe|Square/i);
  });

  it('a transfer: "sent" to the sender and "received" to the recipient, once each; a replay or a refused transfer sends none', async () => {
    const [ada, bob] = [await person('Ada', 'Lovelace'), await person('Bob', 'Babbage')];
    await giveUnits(t.database.db, ada.id, 100);
    const key = newKey();
    const order = created(await createOrder(t.app, ada.session, transferBody(bob.email, 37), key));
    expect((await createOrder(t.app, ada.session, transferBody(bob.email, 37), key)).statusCode).toBe(201);
    const sent = await one(ada.email, /^You sent/, ['37 GBP Units', 'Bob B.', order.orderId]);
    expect(sent.subject).toBe('You sent 37 GBP Units to Bob B.');
    const received = await one(bob.email, /^You received/, ['37 GBP Units', 'Ada L.']);
    expect(received.text).not.toContain(ada.email);
    // More than Ada holds: refused, nothing written, nothing sent.
    expect((await createOrder(t.app, ada.session, transferBody(bob.email, 64))).statusCode).toBe(409);
    expect(await mailed(ada.email, /^You sent/)).toHaveLength(1);
    expect(await mailed(bob.email, /^You received/)).toHaveLength(1);
  });

  it('a scheduled transfer made on its date, or failed, once', async () => {
    const [ada, bob, cy] = [await person('Ada', 'Lovelace'), await person('Bob', 'Babbage'), await person('Cy', 'Gone')];
    await giveUnits(t.database.db, ada.id, 50);
    const date = new Date(clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const done = created(await createOrder(t.app, ada.session, scheduleBody(bob.email, 9, date)));
    created(await createOrder(t.app, ada.session, scheduleBody(cy.email, 4, date)));
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, cy.id));
    expect(await mailed(ada.email, /scheduled transfer/)).toHaveLength(0);
    clock.advance(DAY);
    await t.app.jobs.runOnce();
    await t.app.jobs.runOnce();
    await one(ada.email, /^Your scheduled transfer of 9 GBP Units was made/, ['9 GBP Units', 'Bob B.', done.orderId]);
    await one(bob.email, /^You received/, ['9 GBP Units', 'Ada L.']);
    await one(ada.email, /^Your scheduled transfer of 4 GBP Units could not be made/, ['4 GBP Units', 'back in your account']);
    expect(await mailed(cy.email, /received/)).toHaveLength(0);
  });

  it('a sale placed and its payout sent, once each', async () => {
    const seller = await person();
    await setBank(t.database.db, seller.id, GBP_ACCOUNT);
    await giveUnits(t.database.db, seller.id, 200);
    const key = newKey();
    const sale = created(await createOrder(t.app, seller.session, sellBody(120), key));
    expect((await createOrder(t.app, seller.session, sellBody(120), key)).statusCode).toBe(201);
    const payout = GBP(amountOf(sale));
    await one(seller.email, /^Your sale of 120 GBP Units is placed/, ['120 GBP Units', `Payout: ${payout}`, sale.orderId]);
    await decide(t.app, admin.session, sale.orderId, 'AllUnitSold');
    expect(await mailed(seller.email, /^Payout sent/)).toHaveLength(0);
    expect((await markPaid(t.app, admin.session, sale.orderId, 'FP-EMAIL-01')).statusCode).toBe(200);
    await one(seller.email, /^Payout sent/, [`Payout: ${payout}`, '120 GBP Units']);
  });

  it('converted Units unlocked, once, when their lock ends', async () => {
    const owner: TestUser = await person();
    await giveUnits(t.database.db, owner.id, 300);
    const order = created(await createOrder(t.app, owner.session, convertBody(250, 'LAND_POUND', 'LAND_USD')));
    const convertUnits = (await t.database.db.select({ n: orders.convertUnits }).from(orders).where(eq(orders.id, order.orderId)))[0]?.n as number;
    expect(convertUnits).toBeGreaterThan(0);
    clock.advance(DEFAULT_MONEY_SETTINGS.convertLockDays * DAY + DAY);
    await t.app.jobs.runOnce();
    await t.app.jobs.runOnce();
    await one(owner.email, /^Your converted Units are unlocked/, [`${convertUnits} USD Units`, '250 GBP Units', order.orderId]);
  });
});
