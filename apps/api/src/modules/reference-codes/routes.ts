import { CreateReferenceCodeSchema, fieldErrors, REFERENCE_CODE_MESSAGES, ReferenceCodeLookupQuerySchema } from '@landunits/domain';
import { PageQuerySchema } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, parseInput, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { requirePermission, requireUser } from '../auth';
import { createReferenceCode, disableReferenceCode, listReferenceCodes } from './admin-codes';
import { lookUpReferenceCode, referenceCodeLookupLimit } from './look-up-reference-code';

export const REFERENCE_CODE_LOOKUP_PATH = '/api/referencecode/get_discount_by_reference_code';

const CodeIdParamsSchema = z.object({ id: z.uuid() });

/** The lookup's query; a malformed code is reported on `referenceCode`, the buy form's field. */
function parseLookupQuery(query: unknown) {
  const result = ReferenceCodeLookupQuerySchema.safeParse(query);
  if (result.success) return result.data;
  const { code, ...rest } = fieldErrors(result.error);
  throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { ...rest, ...(code ? { referenceCode: code } : {}) });
}

/**
 * Reference codes over HTTP (docs/api/payments.md "Reference codes"): the signed-in lookup, rate
 * limited per person so codes cannot be found by guessing, and the admin list, create and disable.
 * Creating or disabling a code moves no money, so no Idempotency-Key is asked for: a repeated
 * create is a 409, a repeated disable answers the same. Cross-site POSTs are refused by the CSRF hook.
 */
export async function referenceCodeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get(REFERENCE_CODE_LOOKUP_PATH, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    await ctx.limiter.hit(referenceCodeLookupLimit(user.id));
    const query = parseLookupQuery(request.query);
    reply.header('cache-control', 'no-store');
    return lookUpReferenceCode(ctx, query);
  });

  // ── Admin ──

  app.get('/api/admin/reference-codes', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'codes.manage');
    const query = parseInput(PageQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listReferenceCodes(ctx.db, query);
  });

  app.post('/api/admin/reference-codes', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'codes.manage');
    const input = parseInput(CreateReferenceCodeSchema, request.body);
    const created = await createReferenceCode(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, input);
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(created);
  });

  app.post('/api/admin/reference-codes/:id/disable', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'codes.manage');
    const params = CodeIdParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', REFERENCE_CODE_MESSAGES.unknown);
    reply.header('cache-control', 'no-store');
    return disableReferenceCode(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, params.data.id);
  });
}
