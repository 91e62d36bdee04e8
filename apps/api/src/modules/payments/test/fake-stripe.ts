import { randomUUID } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the part of Stripe's API card payments use, on a local port: tests point the
 * real library at it (STRIPE_API_URL) so the product's own code runs unchanged. It keeps intents
 * in memory, honours idempotency keys as Stripe does (same key and body → the same intent; same
 * key, other body → 400), refuses to cancel an ended intent as Stripe does, and records every
 * request so tests can check what was sent.
 */

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** Lower case, as Stripe writes it. */
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  last_payment_error: { type: string; code: string; decline_code?: string; message: string; charge?: string } | null;
  cancellation_reason: string | null;
  livemode: false;
  created: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The form-encoded body as sent (`metadata[orderId]`, `allowed_payment_method_types[0]`, …). */
  params: Record<string, string>;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

const INTENT_PATH = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/;
const CANCEL_PATH = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/cancel$/;

const stripeError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { error: { type: status === 400 || status === 404 ? 'invalid_request_error' : 'api_error', code, message, ...extra } },
});

/** `prefix[key]=value` entries of a form body, as an object. */
function nested(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly intents = new Map<string, FakeIntent>();
  private readonly byKey = new Map<string, { body: string; intentId: string }>();
  private failures: { count: number; path: RegExp } = { count: 0, path: /./ };
  private sequence = 0;

  private constructor(
    private readonly server: Server,
    /** The base URL to pass as STRIPE_API_URL. */
    readonly url: string,
  ) {}

  /** Starts the stand-in on a free local port. */
  static async start(): Promise<FakeStripe> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeStripe(server, `http://127.0.0.1:${port}`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void fake.handle(request, response));
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.closeAllConnections();
      this.server.close((error) => (error ? reject(error) : resolve()));
    });
  }

  /** An intent as the stand-in holds it (throws for an unknown id). */
  intent(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
    return intent;
  }

  /** Changes what Stripe says of an intent (status, amount, currency, last_payment_error, …). */
  setIntent(id: string, patch: Partial<Omit<FakeIntent, 'id' | 'object'>>): FakeIntent {
    return Object.assign(this.intent(id), patch);
  }

  /** The intent as Stripe has it after the card was charged. */
  succeed(id: string): FakeIntent {
    return this.setIntent(id, { status: 'succeeded', last_payment_error: null });
  }

  /** The intent as Stripe has it after a declined card: waiting for another card, with the decline and its charge (one per card tried). */
  decline(id: string, message = 'Your card was declined.'): FakeIntent {
    return this.setIntent(id, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message, charge: `ch_${randomUUID().replace(/-/g, '').slice(0, 24)}` },
    });
  }

  /** Adds an intent the product did not make (e.g. another integration's on the same account). */
  addIntent(fields: Partial<Omit<FakeIntent, 'object'>> = {}): FakeIntent {
    const intent = this.newIntent({ amount: 1000, currency: 'gbp', metadata: {}, types: ['card'] });
    Object.assign(intent, fields);
    this.intents.set(intent.id, intent);
    return intent;
  }

  /** The next `count` requests (to paths matching `path`) answer 500 (Stripe down), without retry advice. */
  failNext(count: number, path: RegExp = /./): void {
    this.failures = { count, path };
  }

  /** Requests made to one path, e.g. creates(): POST /v1/payment_intents. */
  creates(): FakeStripeRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  }

  cancels(id?: string): FakeStripeRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && CANCEL_PATH.test(r.path) && (id === undefined || r.path === `/v1/payment_intents/${id}/cancel`));
  }

  retrieves(id?: string): FakeStripeRequest[] {
    return this.requests.filter((r) => r.method === 'GET' && INTENT_PATH.test(r.path) && (id === undefined || r.path === `/v1/payment_intents/${id}`));
  }

  private newIntent(input: { amount: number; currency: string; metadata: Record<string, string>; types: string[] }): FakeIntent {
    this.sequence += 1;
    const id = `pi_fake${String(this.sequence).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
    return {
      id,
      object: 'payment_intent',
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: input.metadata,
      allowed_payment_method_types: input.types,
      payment_method_types: input.types,
      last_payment_error: null,
      cancellation_reason: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const key = request.headers['idempotency-key'];
    const authorization = request.headers.authorization;
    const record: FakeStripeRequest = {
      method: request.method ?? 'GET',
      path,
      idempotencyKey: typeof key === 'string' ? key : null,
      authorization: authorization ?? null,
      params: Object.fromEntries(new URLSearchParams(raw)),
    };
    this.requests.push(record);
    const reply = this.answer(record, raw);
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_fake${this.requests.length}`, ...reply.headers });
    response.end(JSON.stringify(reply.body));
  }

  private answer(request: FakeStripeRequest, raw: string): Reply {
    if (this.failures.count > 0 && this.failures.path.test(request.path)) {
      this.failures.count -= 1;
      return { ...stripeError(500, 'api_error', 'An error occurred with our connection to Stripe.'), headers: { 'stripe-should-retry': 'false' } };
    }
    if (!request.authorization?.startsWith('Bearer sk_test_')) return stripeError(401, 'api_key_invalid', 'Invalid API Key provided.');
    if (request.method === 'POST' && request.path === '/v1/payment_intents') return this.create(request, raw);
    const cancel = CANCEL_PATH.exec(request.path);
    if (request.method === 'POST' && cancel?.[1]) return this.cancel(cancel[1]);
    const get = INTENT_PATH.exec(request.path);
    if (request.method === 'GET' && get?.[1]) {
      const intent = this.intents.get(get[1]);
      return intent ? { status: 200, body: intent } : stripeError(404, 'resource_missing', `No such payment_intent: '${get[1]}'`, { param: 'intent' });
    }
    return stripeError(404, 'resource_missing', `Unrecognized request URL (${request.method}: ${request.path}).`);
  }

  private create(request: FakeStripeRequest, raw: string): Reply {
    const key = request.idempotencyKey;
    const earlier = key ? this.byKey.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== raw) return stripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with.`);
      return { status: 200, body: this.intent(earlier.intentId), headers: { 'idempotent-replayed': 'true' } };
    }
    const { params } = request;
    const amount = Number(params.amount);
    if (!Number.isSafeInteger(amount) || amount < 1) return stripeError(400, 'parameter_invalid_integer', 'Invalid integer: amount', { param: 'amount' });
    if (!params.currency || !/^[a-z]{3}$/.test(params.currency)) return stripeError(400, 'parameter_invalid_string', 'Invalid currency', { param: 'currency' });
    const types = Object.values(nested(params, 'allowed_payment_method_types'));
    const intent = this.newIntent({ amount, currency: params.currency, metadata: nested(params, 'metadata'), types: types.length ? types : ['card'] });
    this.intents.set(intent.id, intent);
    if (key) this.byKey.set(key, { body: raw, intentId: intent.id });
    return { status: 200, body: intent };
  }

  private cancel(id: string): Reply {
    const intent = this.intents.get(id);
    if (!intent) return stripeError(404, 'resource_missing', `No such payment_intent: '${id}'`, { param: 'intent' });
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
      return stripeError(400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, { payment_intent: intent });
    }
    intent.status = 'canceled';
    intent.cancellation_reason = 'requested_by_customer';
    return { status: 200, body: intent };
  }
}
