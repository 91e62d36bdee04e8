import type { Square, SquareClient, SquareError } from 'square';
import type { SquareConfig } from '../../../config';
import { loadSquare } from './square-sdk';
import { toSquarePayment, type SquarePayment } from './square-payment';

export { toCardResult, type SquarePayment, type SquarePaymentStatus } from './square-payment';

/**
 * The Square side of card payments (PRODUCT-DECISIONS §7), through the official library. The rest
 * of the app sees SquarePayment only. A card decline is an answer, not an error: Square's error
 * response that carries the FAILED payment, and a FAILED payment itself, both come back as a
 * SquarePayment with status FAILED. Only a refusal that made no payment (SquareCardRefused) and
 * transport, auth or server errors (the library's SquareError) are thrown.
 */
export interface SquareGateway {
  createPayment(input: CreateSquarePayment): Promise<SquarePayment>;
  /** The payment as Square has it now: what webhooks go by, whatever order their events arrive in. */
  getPayment(id: string): Promise<SquarePayment>;
  /**
   * Cancels (voids) a payment that is not taken yet (APPROVED). Square refuses to cancel one that
   * has already COMPLETED, FAILED or been CANCELED; then the payment is returned as it is, so the
   * caller sees whether money was taken.
   */
  cancelPayment(id: string): Promise<SquarePayment>;
}

export interface CreateSquarePayment {
  orderId: string;
  /** The card token Square's Web Payments SDK made in the browser. */
  sourceId: string;
  amountCents: number;
  currency: string;
  /** Square keeps one payment per key (at most 45 characters): a retried call returns the first payment. */
  idempotencyKey: string;
}

/**
 * Square refused the request without making a payment: the card was declined before a payment
 * existed ('declined'), or the card token cannot be used (expired, used, malformed: 'invalid-card').
 * Nothing was charged; the person may try another card.
 */
export class SquareCardRefused extends Error {
  constructor(
    readonly kind: 'declined' | 'invalid-card',
    readonly codes: string[],
  ) {
    super(`Square refused the card (${kind}): ${codes.join(', ')}`);
    this.name = 'SquareCardRefused';
  }
}

/** Error codes of a card token Square cannot use: the person's card details, not our setup. */
const CARD_INPUT_CODES = new Set([
  'CARD_TOKEN_EXPIRED',
  'CARD_TOKEN_USED',
  'INVALID_CARD',
  'INVALID_CARD_DATA',
  'INVALID_EXPIRATION',
  'BAD_EXPIRATION',
  'INVALID_EXPIRATION_DATE',
  'INVALID_EXPIRATION_YEAR',
  'INVALID_POSTAL_CODE',
  'INVALID_EMAIL_ADDRESS',
  'CARD_EXPIRED',
  'CARD_NOT_SUPPORTED',
  'UNSUPPORTED_CARD_BRAND',
  'EXPIRATION_FAILURE',
  'PAN_FAILURE',
  'CVV_FAILURE',
  'ADDRESS_VERIFICATION_FAILURE',
]);

const PARSE_OPTIONS = { unrecognizedObjectKeys: 'passthrough', allowUnrecognizedUnionMembers: true, allowUnrecognizedEnumValues: true, skipValidation: true } as const;

/** The payment an error response carries (Square sends the FAILED payment with a decline), if any. */
async function paymentOfErrorBody(body: unknown): Promise<{ payment: Square.Payment; errors: Square.Error_[] } | null> {
  if (!body || typeof body !== 'object' || !('payment' in body)) return null;
  const { serialization } = await loadSquare();
  const parsed = serialization.CreatePaymentResponse.parseOrThrow(body, PARSE_OPTIONS);
  return parsed.payment?.id ? { payment: parsed.payment, errors: parsed.errors ?? [] } : null;
}

/** A 4xx from Square (the library is loaded: it made the call that failed). */
async function isClientError(error: unknown): Promise<SquareError | null> {
  const { SquareError } = await loadSquare();
  return error instanceof SquareError && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error : null;
}

function expectPayment(payment: Square.Payment | undefined, errors: Square.Error_[] | undefined, call: string): SquarePayment {
  if (!payment) throw new Error(`Square answered ${call} without a payment`);
  return toSquarePayment(payment, errors);
}

/**
 * Builds the gateway on the official client: Square's sandbox or production API, or config.apiUrl
 * when set (tests point it at a local stand-in). Calls time out after 15 s and are retried once on
 * a 5xx or 429, which is safe: every create carries its idempotency key.
 */
export function createSquareGateway(config: SquareConfig): SquareGateway {
  let made: Promise<SquareClient> | undefined;
  const squareClient = () =>
    (made ??= loadSquare()
      .catch((error: unknown) => {
        made = undefined;
        throw error;
      })
      .then(
        ({ SquareClient, SquareEnvironment }) =>
          new SquareClient({
            token: config.accessToken,
            environment: config.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
            ...(config.apiUrl ? { baseUrl: config.apiUrl } : {}),
            timeoutInSeconds: 15,
            maxRetries: 1,
          }),
      ));

  async function getPayment(id: string): Promise<SquarePayment> {
    const client = await squareClient();
    const { payment, errors } = await client.payments.get({ paymentId: id });
    return expectPayment(payment, errors, 'GetPayment');
  }

  return {
    async createPayment(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error(`Cannot charge ${input.amountCents} cents`);
      const client = await squareClient();
      try {
        const { payment, errors } = await client.payments.create({
          sourceId: input.sourceId,
          idempotencyKey: input.idempotencyKey,
          amountMoney: { amount: BigInt(input.amountCents), currency: input.currency as Square.Currency },
          referenceId: input.orderId,
          locationId: config.locationId,
          autocomplete: true,
        });
        return expectPayment(payment, errors, 'CreatePayment');
      } catch (caught) {
        const error = await isClientError(caught);
        if (!error) throw caught;
        const declined = await paymentOfErrorBody(error.body);
        if (declined) return toSquarePayment(declined.payment, declined.errors);
        const codes = error.errors.map((e) => String(e.code));
        if (error.errors.some((e) => e.category === 'PAYMENT_METHOD_ERROR')) throw new SquareCardRefused('declined', codes);
        if (codes.some((code) => CARD_INPUT_CODES.has(code))) throw new SquareCardRefused('invalid-card', codes);
        throw error;
      }
    },

    getPayment,

    async cancelPayment(id) {
      const client = await squareClient();
      try {
        const { payment, errors } = await client.payments.cancel({ paymentId: id });
        return expectPayment(payment, errors, 'CancelPayment');
      } catch (error) {
        // Already completed, failed or cancelled: Square says no; report the payment as it is.
        const refused = await isClientError(error);
        if (refused && refused.statusCode !== 401 && refused.statusCode !== 403 && refused.statusCode !== 404) return getPayment(id);
        throw error;
      }
    },
  };
}
