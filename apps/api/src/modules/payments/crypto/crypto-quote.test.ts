import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CRYPTO_QUOTE_MESSAGES, DEFAULT_MONEY_SETTINGS } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { orders } from '../../../schema';
import { createTestApp, type TestContext } from '../../../test/app';
import { updateMoneySettings } from '../../pricing';
import { cryptoQuote } from '../../orders';
import { createOrder, getJson, signUp, type TestUser } from '../../orders/test/fixtures';
import { cancelOrder, created, makeAdmin, postJson, type TestAdmin } from '../../orders/test/lifecycle';
import { adminRateSource, quoteMaker } from './index';

/**
 * POST /api/order/crypto_quote (decision 0069): a crypto buy's coin amount from the admin's coin
 * price (the default source) or from a rate provider (here a local stand-in of its API), held for
 * 15 minutes and kept on the order.
 */

const QUOTE = '/api/order/crypto_quote';
const START = new Date('2026-01-15T10:00:00Z');
const BTC_WALLET = DEFAULT_MONEY_SETTINGS.adminCryptoWallets.BITCOIN;
const ETH_WALLET = DEFAULT_MONEY_SETTINGS.adminCryptoWallets.ETHER;

const cryptoBuy = (units: number, coin: 'BITCOIN' | 'ETHER', unitType = 'LAND_POUND') => ({
  orderType: 'BUY',
  currencyUnit: { unitType, numberOfUnits: units },
  paymentDetails: { paymentMethod: 'Crypto', cryptoType: coin },
});
const quote = (t: TestContext, who: TestUser, orderId: unknown) => postJson(t.app, who.session, QUOTE, { orderId }, null);
const minutes = (n: number) => n * 60_000;

describe('crypto quotes at the admin’s coin prices', () => {
  const clock = new ManualClock(START);
  let t: TestContext;
  let ada: TestUser;
  let bob: TestUser;
  let admin: TestAdmin;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
    ada = await signUp(t.app, 'ada.quote@example.com', 'Ada', 'Quote');
    bob = await signUp(t.app, 'bob.quote@example.com', 'Bob', 'Quote');
    admin = await makeAdmin(t.app, t.database.db, 'admin.quote@example.com');
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  it('quotes the amount to pay at the coin price, holds it 15 minutes on the order, then renews it at the price of then', async () => {
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(100, 'BITCOIN')));
    const amount = (order.paymentDetails as { paymentAmount: number }).paymentAmount;
    // 100 × 1.077986 = £107.80, + £1.00 fee, + 1 % crypto fee £1.09 = £109.89.
    expect(amount).toBe(10_989);

    const first = await quote(t, ada, order.orderId);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    // 109.89 / 65,000.00 = 0.0016906153… → rounded up to 0.00169062 BTC.
    expect(answer.quote).toEqual({
      coin: 'BITCOIN',
      currency: 'GBP',
      paymentAmount: 10_989,
      coinAmount: '0.00169062',
      coinPrice: '65000.00',
      rateSource: 'Land Units',
      rateAt: null,
      quotedAt: START.toISOString(),
      expiresAt: '2026-01-15T10:15:00.000Z',
    });
    expect(answer.secondsLeft).toBe(900);
    expect(answer.paymentUri).toBe(`bitcoin:${BTC_WALLET}?amount=0.00169062`);
    expect(answer.qrCodeSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);

    // The quote is on the order, where its owner and the admins see it.
    const view = await getJson(t.app, ada.session, `/api/order/get_order_details/${order.orderId}`);
    expect(view.json().orderData.buy.cryptoQuote).toEqual(answer.quote);

    // Five minutes on, the same quote with ten minutes left, although the admin has changed the price.
    await updateMoneySettings(t.database.db, { ...DEFAULT_MONEY_SETTINGS, cryptoPricesGbpInCents: { BITCOIN: 7_000_000, ETHER: 250_000 } }, admin.id, new Date('2026-01-15T10:03:00Z'));
    clock.set('2026-01-15T10:05:00Z');
    const kept = (await quote(t, ada, order.orderId)).json();
    expect(kept.quote).toEqual(answer.quote);
    expect(kept.secondsLeft).toBe(600);

    // With less than a minute left it is renewed at the price of then, with that price's time.
    clock.set('2026-01-15T10:14:30Z');
    const renewed = (await quote(t, ada, order.orderId)).json();
    // 109.89 / 70,000.00 = 0.0015698571… → 0.00156986.
    expect(renewed.quote).toMatchObject({
      coinAmount: '0.00156986',
      coinPrice: '70000.00',
      rateAt: '2026-01-15T10:03:00.000Z',
      quotedAt: '2026-01-15T10:14:30.000Z',
      expiresAt: '2026-01-15T10:29:30.000Z',
    });
    expect(renewed.secondsLeft).toBe(900);
    const stored = await t.database.db.select({ details: orders.details }).from(orders).where(eq(orders.id, order.orderId));
    expect((stored[0]?.details as { buy: { cryptoQuote: unknown } }).buy.cryptoQuote).toEqual(renewed.quote);
    await updateMoneySettings(t.database.db, DEFAULT_MONEY_SETTINGS, admin.id, clock.now());
  });

  it('drops the quote when the number of Units changes, and quotes the new amount', async () => {
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(100, 'BITCOIN')));
    expect((await quote(t, ada, order.orderId)).json().quote).toMatchObject({ paymentAmount: 10_989, coinAmount: '0.00169062' });

    const changed = await postJson(t.app, ada.session, '/api/order/update_order_amount', { orderId: order.orderId, numberOfUnits: 50 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().orderUpdatedData.buy.cryptoQuote).toBeUndefined();
    const amount = changed.json().orderUpdatedData.paymentDetails.paymentAmount;
    // £53.90 + £1.00 + 1 % £0.55 = £55.45, a minute later: a new quote for it, not the one still holding.
    expect(amount).toBe(5_545);
    clock.set('2026-01-15T10:01:00Z');
    const requoted = (await quote(t, ada, order.orderId)).json();
    // 55.45 / 65,000.00 = 0.000853076… → 0.00085308.
    expect(requoted.quote).toMatchObject({ paymentAmount: 5_545, coinAmount: '0.00085308', quotedAt: '2026-01-15T10:01:00.000Z' });
    expect(requoted.secondsLeft).toBe(900);
  });

  it('prices Ether in the order’s currency by the exchange rate, and asks for it in wei', async () => {
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(50, 'ETHER', 'LAND_USD')));
    const amount = (order.paymentDetails as { paymentAmount: number }).paymentAmount;
    const answer = (await quote(t, ada, order.orderId)).json();
    // One ETH: £2,500.00 × 1.24 = $3,100.00.
    expect(answer.quote).toMatchObject({ coin: 'ETHER', currency: 'USD', coinPrice: '3100.00' });
    // $55.45 ($53.90 for 50 × 1.077986, + $1.00, + 1 % $0.55) / 3,100 = 0.0178870967… → 0.01788710 ETH.
    expect(amount).toBe(5_545);
    expect(answer.quote.coinAmount).toBe('0.01788710');
    expect(answer.paymentUri).toBe(`ethereum:${ETH_WALLET}?value=17887100000000000`);
  });

  it('ends a quote at the order’s own deadline when that comes first', async () => {
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(10, 'BITCOIN')));
    // The order is due 24 hours after it was placed; five minutes before, the quote holds five minutes, not 15.
    clock.set(new Date(START.getTime() + minutes(24 * 60 - 5)));
    const answer = (await quote(t, ada, order.orderId)).json();
    expect(answer.quote.expiresAt).toBe('2026-01-16T10:00:00.000Z');
    expect(answer.secondsLeft).toBe(300);
  });

  it('does not keep a quote for an amount that changed while its rate was fetched, and quotes the new one', async () => {
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(100, 'BITCOIN')));
    const atAdminPrices = quoteMaker(adminRateSource(t.database.db, clock));
    let fetches = 0;
    // The first fetch is slow: the buyer changes the number of Units in another tab meanwhile.
    const slowFirst: typeof atAdminPrices = async (seen, at) => {
      fetches += 1;
      if (fetches === 1) {
        const changed = await postJson(t.app, ada.session, '/api/order/update_order_amount', { orderId: order.orderId, numberOfUnits: 50 });
        expect(changed.statusCode, changed.body).toBe(200);
      }
      return atAdminPrices(seen, at);
    };
    const found = await cryptoQuote(t.app.ctx, ada.id, order.orderId, slowFirst);
    expect(fetches).toBe(2);
    expect(found.quote).toMatchObject({ paymentAmount: 5_545, coinAmount: '0.00085308' });
    const [row] = await t.database.db.select({ details: orders.details }).from(orders).where(eq(orders.id, order.orderId));
    expect((row?.details as { buy: { cryptoQuote: unknown } }).buy.cryptoQuote).toEqual(found.quote);

    // An amount that keeps changing under every fetch is refused, and nothing is kept.
    const restless = created(await createOrder(t.app, ada.session, cryptoBuy(30, 'BITCOIN')));
    let units = 30;
    const alwaysChanging: typeof atAdminPrices = async (seen, at) => {
      units += 1;
      await postJson(t.app, ada.session, '/api/order/update_order_amount', { orderId: restless.orderId, numberOfUnits: units });
      return atAdminPrices(seen, at);
    };
    await expect(cryptoQuote(t.app.ctx, ada.id, restless.orderId, alwaysChanging)).rejects.toMatchObject({ code: 'CONFLICT', message: CRYPTO_QUOTE_MESSAGES.amountChanged });
    const [kept] = await t.database.db.select({ details: orders.details }).from(orders).where(eq(orders.id, restless.orderId));
    expect((kept?.details as { buy: Record<string, unknown> }).buy.cryptoQuote).toBeUndefined();
  });

  it('answers only the owner’s crypto buys that still wait for their payment, and changes nothing otherwise', async () => {
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(10, 'BITCOIN')));
    const others = await quote(t, bob, order.orderId);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toMatchObject({ code: 'NOT_FOUND' });

    const bank = created(await createOrder(t.app, ada.session, { ...cryptoBuy(10, 'BITCOIN'), paymentDetails: { paymentMethod: 'Bank' } }));
    const wrong = await quote(t, ada, bank.orderId);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PAYMENT_METHOD', message: CRYPTO_QUOTE_MESSAGES.notCrypto });

    expect((await cancelOrder(t.app, ada.session, order.orderId)).statusCode).toBe(200);
    const cancelled = await quote(t, ada, order.orderId);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'TRANSITION_REFUSED', message: CRYPTO_QUOTE_MESSAGES.notAwaiting });

    // Past its payment deadline (24 hours) it is no longer waiting, though the job has not expired it yet.
    const late = created(await createOrder(t.app, ada.session, cryptoBuy(10, 'ETHER')));
    clock.set(new Date(START.getTime() + minutes(24 * 60 + 1)));
    expect((await quote(t, ada, late.orderId)).json()).toMatchObject({ code: 'TRANSITION_REFUSED' });

    const missing = await quote(t, ada, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const signedOut = await t.app.inject({ method: 'POST', url: QUOTE, payload: { orderId: late.orderId } });
    expect(signedOut.statusCode).toBe(401);

    for (const id of [order.orderId, late.orderId, bank.orderId]) {
      const [row] = await t.database.db.select({ details: orders.details }).from(orders).where(eq(orders.id, id));
      expect((row?.details as { buy: Record<string, unknown> }).buy.cryptoQuote).toBeUndefined();
    }
  });
});

describe('crypto quotes from a rate provider (a local stand-in of its API)', () => {
  const clock = new ManualClock(START);
  let t: TestContext;
  let ada: TestUser;
  let server: Server;
  /** What the stand-in answers next: a status and a body, after `delayMs`. */
  let reply: { status: number; body: unknown; delayMs?: number };
  const asked: { url: string; key: string | undefined }[] = [];
  const fresh = (price: number, at = START) => ({ status: 200, body: { bitcoin: { gbp: price, last_updated_at: Math.floor(at.getTime() / 1000) - 30 } } });

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push({ url: req.url ?? '', key: req.headers['x-cg-demo-api-key'] as string | undefined });
      const { status, body, delayMs = 0 } = reply;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999', CRYPTO_RATES_URL: `http://127.0.0.1:${port}/api/v3/`, CRYPTO_RATES_API_KEY: 'demo-key-123' }, undefined, clock);
    ada = await signUp(t.app, 'ada.provider@example.com', 'Ada', 'Provider');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    clock.set(START);
    asked.length = 0;
  });

  it('quotes at the provider’s price with its time, sends the key, and asks again only after a minute', async () => {
    reply = fresh(64_123.45);
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(100, 'BITCOIN')));
    const answer = (await quote(t, ada, order.orderId)).json();
    // 109.89 / 64,123.45 = 0.00171372 3… → rounded up to 0.00171373.
    expect(answer.quote).toMatchObject({ coinAmount: '0.00171373', coinPrice: '64123.45', rateSource: 'CoinGecko', rateAt: '2026-01-15T09:59:30.000Z' });
    expect(asked).toEqual([{ url: '/api/v3/simple/price?ids=bitcoin&vs_currencies=gbp&include_last_updated_at=true&precision=2', key: 'demo-key-123' }]);

    // Another order within the minute: the same answer, not asked again.
    const other = created(await createOrder(t.app, ada.session, cryptoBuy(10, 'BITCOIN')));
    clock.set(new Date(START.getTime() + 30_000));
    expect((await quote(t, ada, other.orderId)).json().quote.coinPrice).toBe('64123.45');
    expect(asked).toHaveLength(1);

    // Past the minute (and past the first quote's 15), the provider is asked again.
    clock.set(new Date(START.getTime() + minutes(16)));
    reply = fresh(66_000, clock.now());
    const renewed = (await quote(t, ada, order.orderId)).json();
    expect(renewed.quote).toMatchObject({ coinPrice: '66000.00', coinAmount: '0.00166500' });
    expect(asked).toHaveLength(2);
  });

  it('asks once for buyers who ask at the same moment', async () => {
    clock.set(new Date(START.getTime() + minutes(40)));
    reply = { ...fresh(63_000, clock.now()), delayMs: 150 };
    const first = created(await createOrder(t.app, ada.session, cryptoBuy(100, 'BITCOIN')));
    const second = created(await createOrder(t.app, ada.session, cryptoBuy(20, 'BITCOIN')));
    const answers = await Promise.all([quote(t, ada, first.orderId), quote(t, ada, second.orderId)]);
    expect(answers.map((res) => res.json().quote.coinPrice)).toEqual(['63000.00', '63000.00']);
    expect(asked).toHaveLength(1);
  });

  it('answers 503 with a clear message, and keeps no quote, when the provider fails, is stale or answers nonsense', async () => {
    const order = created(await createOrder(t.app, ada.session, cryptoBuy(20, 'BITCOIN')));
    const failures = [
      { status: 500, body: { error: 'down' } },
      { status: 200, body: 'not json' },
      { status: 200, body: { bitcoin: { usd: 1, last_updated_at: 1 } } },
      { status: 200, body: { bitcoin: { gbp: 'a lot', last_updated_at: Math.floor(START.getTime() / 1000) } } },
      // Eleven minutes old.
      fresh(60_000, new Date(START.getTime() - minutes(11))),
      // Dated five minutes ahead of this server's clock.
      fresh(60_000, new Date(START.getTime() + minutes(2 * 6 + 5))),
    ];
    for (const [i, failure] of failures.entries()) {
      // Each on a clock a minute on, past the provider cache.
      clock.set(new Date(START.getTime() + minutes(2 * (i + 1))));
      reply = failure;
      const res = await quote(t, ada, order.orderId);
      expect(res.statusCode, JSON.stringify(failure)).toBe(503);
      expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: CRYPTO_QUOTE_MESSAGES.rateUnavailable });
    }
    const [row] = await t.database.db.select({ details: orders.details }).from(orders).where(eq(orders.id, order.orderId));
    expect((row?.details as { buy: Record<string, unknown> }).buy.cryptoQuote).toBeUndefined();
  });
});
