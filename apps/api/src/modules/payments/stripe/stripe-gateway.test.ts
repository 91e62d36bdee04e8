import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error';
import { FakeStripe } from '../test/fake-stripe';
import { createStripeGateway, toCardResult, type StripeGateway, type StripeIntent } from './stripe-gateway';

let fake: FakeStripe;
let gateway: StripeGateway;

beforeAll(async () => {
  fake = await FakeStripe.start();
  gateway = createStripeGateway({ secretKey: 'sk_test_gateway', publishableKey: 'pk_test_gateway', webhookSecret: 'whsec_gateway', apiUrl: fake.url });
});
afterAll(() => fake?.close());

const input = (orderId: string, idempotencyKey: string) => ({ orderId, amountCents: 10851, currency: 'GBP', idempotencyKey, existingId: null });

describe('the Stripe gateway', () => {
  it('makes an intent for cards with the order in its metadata, once per idempotency key', async () => {
    const first = await gateway.ensurePaymentIntent(input('01JDORDERAAAAAAAAAAAAAAAAA', 'order-key-0001'));
    expect(first).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/_secret_/),
      amountCents: 10851,
      currency: 'GBP',
      status: 'requires_payment_method',
      orderId: '01JDORDERAAAAAAAAAAAAAAAAA',
      lastPaymentError: null,
      lastPaymentAttempt: null,
    });
    const again = await gateway.ensurePaymentIntent(input('01JDORDERAAAAAAAAAAAAAAAAA', 'order-key-0001'));
    expect(again.id).toBe(first.id);
    expect(fake.creates().map((r) => r.idempotencyKey)).toEqual(['order-key-0001', 'order-key-0001']);
    expect(fake.creates()[0]?.authorization).toBe('Bearer sk_test_gateway');

    // With the intent's id it is fetched, not made again.
    const existing = await gateway.ensurePaymentIntent({ ...input('01JDORDERAAAAAAAAAAAAAAAAA', 'order-key-0001'), existingId: first.id });
    expect(existing).toEqual(first);
    expect(fake.creates()).toHaveLength(2);
    expect(fake.retrieves(first.id)).toHaveLength(1);
  });

  it('cancels an open intent; an intent already cancelled or charged returns quietly', async () => {
    const open = await gateway.ensurePaymentIntent(input('01JDORDERBBBBBBBBBBBBBBBBB', 'order-key-0002'));
    await gateway.cancelPaymentIntent(open.id);
    expect(fake.intent(open.id).status).toBe('canceled');
    await expect(gateway.cancelPaymentIntent(open.id)).resolves.toBeUndefined();

    const charged = await gateway.ensurePaymentIntent(input('01JDORDERCCCCCCCCCCCCCCCCC', 'order-key-0003'));
    fake.succeed(charged.id);
    await expect(gateway.cancelPaymentIntent(charged.id)).resolves.toBeUndefined();
    expect(fake.intent(charged.id).status).toBe('succeeded');
  });

  it('does not pretend a payment is stopped: a processing intent or Stripe out of reach throws', async () => {
    const busy = await gateway.ensurePaymentIntent(input('01JDORDERDDDDDDDDDDDDDDDDD', 'order-key-0004'));
    fake.setIntent(busy.id, { status: 'processing' });
    await expect(gateway.cancelPaymentIntent(busy.id)).rejects.toThrow(/processing/);

    const open = await gateway.ensurePaymentIntent(input('01JDORDEREEEEEEEEEEEEEEEEE', 'order-key-0005'));
    fake.failNext(1, /\/cancel$/);
    const error = await gateway.cancelPaymentIntent(open.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect(fake.intent(open.id).status).toBe('requires_payment_method');
  });

  it('maps Stripe’s state to the card result', () => {
    const intent = (patch: Partial<StripeIntent>): StripeIntent => ({
      id: 'pi_1',
      clientSecret: null,
      amountCents: 500,
      currency: 'GBP',
      status: 'requires_payment_method',
      orderId: 'o',
      lastPaymentError: null,
      ...patch,
    });
    expect(toCardResult(intent({ status: 'succeeded' }))).toEqual({ kind: 'succeeded', amountCents: 500, currency: 'GBP', providerPaymentId: 'pi_1' });
    expect(toCardResult(intent({ status: 'canceled' }))).toEqual({ kind: 'failed', reason: 'The card payment was cancelled.', providerPaymentId: 'pi_1', endsOrder: true });
    expect(toCardResult(intent({ lastPaymentError: 'Your card was declined.' }))).toEqual({ kind: 'failed', reason: 'Your card was declined.', providerPaymentId: 'pi_1' });
    expect(toCardResult(intent({ lastPaymentError: 'Your card was declined.', lastPaymentAttempt: 'ch_1' }))).toEqual({
      kind: 'failed',
      reason: 'Your card was declined.',
      providerPaymentId: 'pi_1',
      attempt: 'ch_1',
    });
    for (const status of ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture']) {
      expect(toCardResult(intent({ status })), status).toEqual({ kind: 'pending', providerPaymentId: 'pi_1' });
    }
  });
});
