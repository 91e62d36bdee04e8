/**
 * The one JSON error shape every API error uses, and the codes it can carry. A client acts on
 * `code`, never on the message text (which is written for people and may change). Each route's
 * contract lists the codes it can answer (GET /api/openapi.json).
 */

export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** A money-moving POST without its Idempotency-Key header. */
  IDEMPOTENCY_KEY_MISSING: 400,
  /** A link token (password reset, email or newsletter confirmation) that is unknown, used or expired. */
  TOKEN_INVALID: 400,
  UNAUTHORIZED: 401,
  /** The second step of a sign-in timed out or ended: enter the email and password again. */
  SIGN_IN_EXPIRED: 401,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  /** Four eyes: the admin who marked a payout as paid cannot also confirm it; another admin must. */
  SECOND_ADMIN_REQUIRED: 403,
  /** An admin route called from a session that has not passed an authenticator code (decision 0046). */
  SECOND_FACTOR_REQUIRED: 403,
  /** The action needs a fresh proof that it is the person (passkey, code, or password without either): decision 0050. */
  STEP_UP_REQUIRED: 403,
  /** An admin disabled the account: it cannot sign in (told only after the right password). */
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  /** No other account has this email address (a transfer recipient). */
  RECIPIENT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** Not enough Units that are free to move (owned, not locked or reserved). */
  INSUFFICIENT_UNITS: 409,
  /** Over a limit: the purchase limit, the supply cap, the LU2X offer cap or the conversion cap. */
  LIMIT_EXCEEDED: 409,
  /** The order's status does not allow this step (already paid, cancelled, expired, due…). */
  TRANSITION_REFUSED: 409,
  /** The same Idempotency-Key was sent with a different request. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** The card payment has already gone through at its provider, so it cannot be cancelled. */
  ALREADY_PAID: 409,
  /** The order is not paid by this kind of card. */
  WRONG_PAYMENT_METHOD: 409,
  /** A payout to a person whose bank details are not (or no longer) approved. */
  BANK_DETAILS_NOT_APPROVED: 409,
  /** A sale, transfer or payout during the 48 hours after a security change (decision 0049). */
  MONEY_HOLD: 409,
  /** A reference code with this name exists already. */
  CODE_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  message: string;
  code: ErrorCode | string;
  errors?: Record<string, string>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string' && typeof (value as { code?: unknown }).code === 'string';
}

/** SPEC §8: what the client shows when the network fails. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';
