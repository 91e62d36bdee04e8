import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SquareConfig } from '../../../config';
import { AppError } from '../../../platform/http/app-error';
import { route } from '../../auth';
import { applyProviderEvent } from '../apply-provider-event';
import type { ProviderEvent } from '../card-payments';
import type { SquareGateway } from './square-gateway';
import { loadSquare } from './square-sdk';
import { toCardResult, type SquarePayment } from './square-payment';

export const SQUARE_WEBHOOK_PATH = '/api/webhooks/square';

/** Square's payment notifications are a few kilobytes; anything far bigger is not from Square. */
export const SQUARE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/** How far in the future an event's created_at may be: clocks differ a little, never by minutes. */
export const SQUARE_FUTURE_SKEW_MS = 300_000;

export const SQUARE_WEBHOOK_MESSAGES = {
  signature: 'The notification signature is missing or not valid.',
  event: 'The notification is not a valid event.',
  future: 'The notification is dated in the future.',
} as const;

const PAYMENT_EVENTS = new Set(['payment.created', 'payment.updated']);

const EventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  created_at: z.string().refine((s) => !Number.isNaN(Date.parse(s))),
  data: z
    .object({
      id: z.string().max(200).optional(),
      object: z.object({ payment: z.object({ id: z.string().min(1).max(200) }).optional() }).optional(),
    })
    .optional(),
});

/** The JSON event of a verified body, or 400 (signed by Square, yet not an event we understand). */
function parseEvent(raw: string): z.output<typeof EventSchema> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', SQUARE_WEBHOOK_MESSAGES.event);
  }
  const event = EventSchema.safeParse(json);
  if (!event.success) throw new AppError('BAD_REQUEST', SQUARE_WEBHOOK_MESSAGES.event);
  return event.data;
}

/** The payment as Square has it now; null when Square does not know it (not ours to act on). */
async function currentPayment(gateway: SquareGateway, id: string): Promise<SquarePayment | null> {
  try {
    return await gateway.getPayment(id);
  } catch (error) {
    const { SquareError } = await loadSquare();
    if (error instanceof SquareError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Whether Square signed exactly these bytes for our notification URL (the library's check). */
async function signedBySquare(raw: Buffer, signature: unknown, config: SquareConfig): Promise<boolean> {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 200) return false;
  const text = raw.toString('utf8');
  // Bytes that are not UTF-8 would be signed as something else than what is checked: refuse them.
  if (!Buffer.from(text, 'utf8').equals(raw)) return false;
  const { WebhooksHelper } = await loadSquare();
  return WebhooksHelper.verifySignature({ requestBody: text, signatureHeader: signature, signatureKey: config.webhookSignatureKey, notificationUrl: config.notificationUrl });
}

/**
 * POST /api/webhooks/square, in its own context so the body stays raw bytes (a Buffer, at most
 * SQUARE_WEBHOOK_BODY_LIMIT): the `x-square-hmacsha256-signature` is checked on those bytes, with
 * the notification URL Square signs, before anything is parsed; missing, wrong, or made for another
 * URL is a 400 and nothing is written. No session is read (a public contract): the signature is
 * the caller's proof, and the contract's body schema is never run over the raw bytes.
 *
 * Age: Square's signature carries no timestamp and Square retries an event for up to 3 days with
 * the same body, so an old `created_at` is accepted — a replay is harmless, as each event id is
 * processed once. Only an event dated more than SQUARE_FUTURE_SKEW_MS in the future of our clock
 * is refused (a skewed clock or a made-up event), since no real event can come from the future.
 *
 * payment.created / payment.updated: the payment is fetched from Square and its current state is
 * what counts (so events arriving out of order, or a stale one, still end right), applied once per
 * event id by applyProviderEvent. Other event types, and payments Square does not know, are recorded
 * and change nothing. Every verified event dealt with is answered 200, so Square stops sending it;
 * when Square cannot be reached to fetch the payment the answer is a 500, so Square sends it again.
 */
export async function squareWebhookRoutes(app: FastifyInstance, options: { gateway: SquareGateway; config: SquareConfig }): Promise<void> {
  const { gateway, config } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SQUARE_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // parsedByHandler: the body is the signed raw bytes; nothing but the signature check may read them first.
  route(
    app,
    C.squareWebhook,
    async ({ request, reply }) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!(await signedBySquare(raw, request.headers['x-square-hmacsha256-signature'], config))) throw new AppError('BAD_REQUEST', SQUARE_WEBHOOK_MESSAGES.signature);
      const event = parseEvent(raw.toString('utf8'));
      if (Date.parse(event.created_at) > app.ctx.clock.now().getTime() + SQUARE_FUTURE_SKEW_MS) throw new AppError('BAD_REQUEST', SQUARE_WEBHOOK_MESSAGES.future);

      const providerEvent: ProviderEvent = { provider: 'square', eventId: event.event_id, eventType: event.type };
      if (PAYMENT_EVENTS.has(event.type)) {
        const paymentId = event.data?.object?.payment?.id ?? event.data?.id;
        if (!paymentId) throw new AppError('BAD_REQUEST', SQUARE_WEBHOOK_MESSAGES.event);
        const payment = await currentPayment(gateway, paymentId);
        await applyProviderEvent(app.ctx, providerEvent, { method: 'Card_Square', providerPaymentId: payment?.id ?? paymentId }, payment ? toCardResult(payment) : null);
      } else {
        await applyProviderEvent(app.ctx, providerEvent, { method: 'Card_Square', providerPaymentId: event.data?.id ?? '' }, null);
      }
      reply.header('cache-control', 'no-store');
      return reply.status(200).send({ received: true });
    },
    { bodyLimit: SQUARE_WEBHOOK_BODY_LIMIT, parsedByHandler: ['body'] },
  );
}
