import { fieldErrors, ReferenceCodeLookupQuerySchema } from '@landunits/domain';
import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { route } from '../auth';
import { referenceCodeAdminRoutes } from './admin-routes';
import { lookUpReferenceCode, referenceCodeLookupLimit } from './look-up-reference-code';

export const REFERENCE_CODE_LOOKUP_PATH = '/api/referencecode/get_discount_by_reference_code';

/** The lookup's query; a malformed code is reported on `referenceCode`, the buy form's field. */
function parseLookupQuery(query: unknown) {
  const result = ReferenceCodeLookupQuerySchema.safeParse(query);
  if (result.success) return result.data;
  const { code, ...rest } = fieldErrors(result.error);
  throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { ...rest, ...(code ? { referenceCode: code } : {}) });
}

/**
 * Reference codes over HTTP (docs/api/payments.md "Reference codes"): the signed-in lookup, rate
 * limited per person so codes cannot be found by guessing, and the admin list, create and disable
 * (admin-routes.ts, registered after the lookup).
 * Creating or disabling a code moves no money, so no Idempotency-Key is asked for: a repeated
 * create is a 409, a repeated disable answers the same. Cross-site POSTs are refused by the CSRF hook.
 */
export async function referenceCodeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  // Every ask counts against the rate limit before the query is checked (beforeInput);
  // parsedByHandler: a malformed code is reported on the buy form's field (parseLookupQuery).
  route(app, C.referenceCodeLookup, async ({ request }) => lookUpReferenceCode(ctx, parseLookupQuery(request.query)), {
    beforeInput: ({ user }) => ctx.limiter.hit(referenceCodeLookupLimit(user.id)),
    parsedByHandler: ['query'],
  });

  await referenceCodeAdminRoutes(app);
}
