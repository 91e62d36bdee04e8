import { SquareError } from 'square';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SquareConfig } from '../../../config';
import { startFakeSquare, type FakeSquare } from '../test/fake-square';
import { createSquareGateway, SquareCardRefused, toCardResult, type SquareGateway } from './square-gateway';
import { ACCESS_TOKEN, NOTIFICATION_URL, SIGNATURE_KEY } from './test/harness';

/** The gateway on the official library against the stand-in: what Square's answers become. */

let fake: FakeSquare;
let gateway: SquareGateway;
const configOf = (apiUrl: string, accessToken = ACCESS_TOKEN): SquareConfig => ({
  accessToken,
  applicationId: 'sandbox-sq0idb-landunits',
  locationId: 'LLANDUNITS01',
  webhookSignatureKey: SIGNATURE_KEY,
  environment: 'sandbox',
  apiUrl,
  notificationUrl: NOTIFICATION_URL,
});

beforeAll(async () => {
  fake = await startFakeSquare({ accessToken: ACCESS_TOKEN });
  gateway = createSquareGateway(configOf(fake.url));
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'completed';
  fake.declineStatus = 402;
  fake.reportMoney = null;
});

const input = (idempotencyKey: string, amountCents = 10_851) => ({ orderId: '01JDTESTORDER0000000000001', sourceId: 'cnon:card-nonce-ok', amountCents, currency: 'GBP', idempotencyKey });

describe('createPayment', () => {
  it('sends the amount in cents, the order as reference, the location, autocomplete and the key; a COMPLETED payment is a success', async () => {
    const payment = await gateway.createPayment(input('key-completed-1'));
    expect(payment).toEqual({ id: expect.any(String), status: 'COMPLETED', amountCents: 10_851, currency: 'GBP', orderId: '01JDTESTORDER0000000000001', declineReason: null });
    const sent = fake.creates().at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent?.body).toMatchObject({
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: 'key-completed-1',
      amount_money: { amount: 10_851, currency: 'GBP' },
      reference_id: '01JDTESTORDER0000000000001',
      location_id: 'LLANDUNITS01',
      autocomplete: true,
    });
    expect(toCardResult(payment)).toEqual({ kind: 'succeeded', amountCents: 10_851, currency: 'GBP', providerPaymentId: payment.id });
  });

  it('the same key again returns the first payment: Square makes one', async () => {
    const before = fake.paymentIds().length;
    const first = await gateway.createPayment(input('key-repeat-1'));
    const again = await gateway.createPayment(input('key-repeat-1'));
    expect(again.id).toBe(first.id);
    expect(fake.paymentIds().length).toBe(before + 1);
  });

  it.each([402, 400])('a decline (CARD_DECLINED with the FAILED payment, HTTP %i) is an answer, not an error', async (status) => {
    fake.mode = 'declined';
    fake.declineStatus = status;
    const payment = await gateway.createPayment(input(`key-declined-${status}`));
    expect(payment).toMatchObject({ status: 'FAILED', declineReason: 'CARD_DECLINED', amountCents: 10_851 });
    expect(toCardResult(payment)).toEqual({ kind: 'failed', reason: 'CARD_DECLINED', providerPaymentId: payment.id });
  });

  it('a card token Square cannot use made no payment: SquareCardRefused', async () => {
    fake.mode = 'token-used';
    const error = await gateway.createPayment(input('key-token-used')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SquareCardRefused);
    expect(error).toMatchObject({ kind: 'invalid-card', codes: ['CARD_TOKEN_USED'] });
  });

  it('a wrong access token is thrown, not taken for a decline', async () => {
    const wrong = createSquareGateway(configOf(fake.url, 'EAAAwrong-token-000000'));
    const error = await wrong.createPayment(input('key-wrong-token')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SquareError);
    expect((error as SquareError).statusCode).toBe(401);
  });

  it('refuses to ask for a non-positive or fractional amount', async () => {
    await expect(gateway.createPayment(input('key-zero', 0))).rejects.toThrow();
    await expect(gateway.createPayment(input('key-fraction', 10.5))).rejects.toThrow();
  });
});

describe('getPayment and cancelPayment', () => {
  it('getPayment reports the payment as Square has it now, with the amount Square reports', async () => {
    fake.mode = 'approved';
    const made = await gateway.createPayment(input('key-get-1'));
    expect(made.status).toBe('APPROVED');
    expect(toCardResult(made)).toEqual({ kind: 'pending', providerPaymentId: made.id });
    fake.setStatus(made.id, 'COMPLETED');
    fake.reportMoney = { amount: 5, currency: 'USD' };
    expect(await gateway.getPayment(made.id)).toMatchObject({ id: made.id, status: 'COMPLETED', amountCents: 5, currency: 'USD' });
  });

  it('an unknown payment is an error', async () => {
    await expect(gateway.getPayment('no-such-payment')).rejects.toBeInstanceOf(SquareError);
  });

  it('cancels an APPROVED payment; a COMPLETED one cannot be cancelled and comes back as it is', async () => {
    fake.mode = 'approved';
    const approved = await gateway.createPayment(input('key-cancel-1'));
    expect(await gateway.cancelPayment(approved.id)).toMatchObject({ status: 'CANCELED', declineReason: 'CANCELED' });
    expect(toCardResult(await gateway.getPayment(approved.id))).toEqual({ kind: 'failed', reason: 'CANCELED', providerPaymentId: approved.id });

    fake.mode = 'completed';
    const taken = await gateway.createPayment(input('key-cancel-2'));
    expect(await gateway.cancelPayment(taken.id)).toMatchObject({ id: taken.id, status: 'COMPLETED' });
  });
});
