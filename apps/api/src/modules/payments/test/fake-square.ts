import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Square's Payments API, so tests run the official library end to end with no
 * network: POST /v2/payments (idempotent by key, as Square is), GET /v2/payments/:id and
 * POST /v2/payments/:id/cancel, in Square's JSON (snake_case, errors as `{errors: [...]}`). Switches
 * choose what the next create does (taken, only approved, declined, token refused) and can make
 * every answer report another amount or currency. Every request is recorded.
 */

export type FakeSquareStatus = 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';

export interface FakeSquareRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

interface StoredPayment {
  id: string;
  status: FakeSquareStatus;
  amount: number;
  currency: string;
  referenceId: string | null;
  locationId: string;
  errors: SquareErrorBody[];
  createdAt: string;
  updatedAt: string;
}

interface SquareErrorBody {
  category: string;
  code: string;
  detail: string;
  field?: string;
}

export interface FakeSquare {
  /** Base URL for SQUARE_API_URL. */
  url: string;
  requests: FakeSquareRequest[];
  /**
   * What the next CreatePayment does: 'completed' (autocomplete: money taken), 'approved' (the card
   * is authorised, not taken: the webhook tells the end), 'declined' (CARD_DECLINED with the FAILED
   * payment), 'token-used' (a refused card token, no payment).
   */
  mode: 'completed' | 'approved' | 'declined' | 'token-used';
  /** HTTP status of a decline (Square answers CARD_DECLINED with 402; other declines with 400). */
  declineStatus: number;
  /** When set, every payment is reported with this amount and currency instead of its own. */
  reportMoney: { amount: number; currency: string } | null;
  /** CreatePayment requests received (retries with the same key included). */
  creates(): FakeSquareRequest[];
  /** The payment as Square would report it (snake_case JSON). */
  paymentJson(id: string): Record<string, unknown>;
  /** Moves a payment on at "Square", as the card network would (e.g. APPROVED → COMPLETED). */
  setStatus(id: string, status: FakeSquareStatus): void;
  /** Ids of the payments made, oldest first. */
  paymentIds(): string[];
  close(): Promise<void>;
}

const CARD_STATUS: Record<FakeSquareStatus, string> = {
  APPROVED: 'AUTHORIZED',
  PENDING: 'AUTHORIZED',
  COMPLETED: 'CAPTURED',
  CANCELED: 'VOIDED',
  FAILED: 'FAILED',
};

const CARD_DECLINED: SquareErrorBody = { category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const errorAnswer = (category: string, code: string, detail: string, field?: string) => ({ errors: [{ category, code, detail, ...(field ? { field } : {}) }] });

/** Starts the stand-in on a free local port. `accessToken`: the bearer token it accepts (401 for any other). */
export async function startFakeSquare(options: { accessToken?: string } = {}): Promise<FakeSquare> {
  const payments = new Map<string, StoredPayment>();
  const byKey = new Map<string, { params: string; status: number; paymentId: string | null; body: unknown }>();
  const requests: FakeSquareRequest[] = [];

  const fake: FakeSquare = {
    url: '',
    requests,
    mode: 'completed',
    declineStatus: 402,
    reportMoney: null,
    creates: () => requests.filter((r) => r.method === 'POST' && r.path === '/v2/payments'),
    paymentJson: (id) => render(mustFind(id)),
    setStatus(id, status) {
      const payment = mustFind(id);
      payment.status = status;
      payment.updatedAt = new Date().toISOString();
    },
    paymentIds: () => [...payments.keys()],
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };

  function mustFind(id: string): StoredPayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`the fake Square has no payment ${id}`);
    return payment;
  }

  function render(p: StoredPayment): Record<string, unknown> {
    const money = fake.reportMoney ?? { amount: p.amount, currency: p.currency };
    return {
      id: p.id,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      amount_money: money,
      total_money: money,
      ...(p.status === 'COMPLETED' || p.status === 'APPROVED' ? { approved_money: money } : {}),
      status: p.status,
      source_type: 'CARD',
      card_details: {
        status: CARD_STATUS[p.status],
        card: { card_brand: 'VISA', last_4: '1111', exp_month: 12, exp_year: 2030 },
        entry_method: 'KEYED',
        ...(p.errors.length ? { errors: p.errors } : {}),
      },
      location_id: p.locationId,
      ...(p.referenceId ? { reference_id: p.referenceId } : {}),
      delay_action: 'CANCEL',
      version_token: `v${p.updatedAt}`,
    };
  }

  function create(body: Record<string, unknown>): { status: number; body: unknown; paymentId: string | null } {
    const money = body.amount_money as { amount?: unknown; currency?: unknown } | undefined;
    if (typeof body.source_id !== 'string' || typeof body.idempotency_key !== 'string' || !money || typeof money.amount !== 'number' || typeof money.currency !== 'string') {
      return { status: 400, body: errorAnswer('INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'source_id, idempotency_key and amount_money are required.'), paymentId: null };
    }
    if (body.idempotency_key.length > 45) {
      return { status: 400, body: errorAnswer('INVALID_REQUEST_ERROR', 'VALUE_TOO_LONG', 'Field must not be greater than 45 length', 'idempotency_key'), paymentId: null };
    }
    if (fake.mode === 'token-used') return { status: 400, body: errorAnswer('INVALID_REQUEST_ERROR', 'CARD_TOKEN_USED', 'Card nonce already used.', 'source_id'), paymentId: null };
    const now = new Date().toISOString();
    const payment: StoredPayment = {
      id: randomBytes(12).toString('base64url'),
      status: fake.mode === 'completed' ? 'COMPLETED' : fake.mode === 'approved' ? 'APPROVED' : 'FAILED',
      amount: money.amount,
      currency: money.currency,
      referenceId: typeof body.reference_id === 'string' ? body.reference_id : null,
      locationId: String(body.location_id ?? 'MAIN'),
      errors: fake.mode === 'declined' ? [CARD_DECLINED] : [],
      createdAt: now,
      updatedAt: now,
    };
    payments.set(payment.id, payment);
    if (fake.mode === 'declined') return { status: fake.declineStatus, body: { errors: [CARD_DECLINED], payment: render(payment) }, paymentId: payment.id };
    return { status: 200, body: { payment: render(payment) }, paymentId: payment.id };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const text = await readBody(req);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

    if (options.accessToken && req.headers.authorization !== `Bearer ${options.accessToken}`) {
      return send(res, 401, errorAnswer('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));
    }
    if (req.method === 'POST' && path === '/v2/payments') {
      const key = String(body?.idempotency_key ?? '');
      const { idempotency_key: _key, ...rest } = body ?? {};
      const params = JSON.stringify(rest);
      const earlier = byKey.get(key);
      if (earlier) {
        if (earlier.params !== params)
          return send(res, 400, errorAnswer('INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'The idempotency key can only be retried with the same request data.', 'idempotency_key'));
        // The same request again: the same payment, as it is now.
        const now = earlier.paymentId ? { ...(earlier.body as object), payment: render(mustFind(earlier.paymentId)) } : earlier.body;
        return send(res, earlier.status, now);
      }
      const made = create(body ?? {});
      // Square keeps a key once it made a payment; a request refused outright may be sent again.
      if (made.paymentId) byKey.set(key, { params, ...made });
      return send(res, made.status, made.body);
    }
    const one = /^\/v2\/payments\/([^/]+)(\/cancel)?$/.exec(path);
    const payment = one ? payments.get(decodeURIComponent(one[1] ?? '')) : undefined;
    if (one && !payment) return send(res, 404, errorAnswer('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Could not find payment.'));
    if (one && payment && req.method === 'GET' && !one[2]) return send(res, 200, { payment: render(payment) });
    if (one && payment && req.method === 'POST' && one[2]) {
      if (payment.status !== 'APPROVED') {
        return send(res, 400, errorAnswer('INVALID_REQUEST_ERROR', 'BAD_REQUEST', `Payment ${payment.id} is ${payment.status} and cannot be canceled.`));
      }
      fake.setStatus(payment.id, 'CANCELED');
      return send(res, 200, { payment: render(payment) });
    }
    return send(res, 404, errorAnswer('INVALID_REQUEST_ERROR', 'NOT_FOUND', `No such endpoint: ${req.method} ${path}`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, errorAnswer('API_ERROR', 'INTERNAL_SERVER_ERROR', String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Square's signature of a notification: base64 HMAC-SHA256, keyed by the signature key, of the notification URL followed by the body. */
export function signSquareNotification(notificationUrl: string, body: string, signatureKey: string): string {
  return createHmac('sha256', signatureKey)
    .update(notificationUrl + body, 'utf8')
    .digest('base64');
}

/** A Square event notification body (as Square posts it) about a payment. */
export function squarePaymentEvent(
  type: 'payment.created' | 'payment.updated' | string,
  payment: Record<string, unknown>,
  options: { eventId?: string; createdAt?: Date } = {},
): Record<string, unknown> {
  return {
    merchant_id: 'FAKE_MERCHANT',
    type,
    event_id: options.eventId ?? randomBytes(16).toString('hex'),
    created_at: (options.createdAt ?? new Date()).toISOString(),
    data: { type: 'payment', id: payment.id, object: { payment } },
  };
}
