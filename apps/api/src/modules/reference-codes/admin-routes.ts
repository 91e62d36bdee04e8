import { REFERENCE_CODE_MESSAGES } from '@landunits/domain';
import { PAYMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { createReferenceCode } from './create-reference-code';
import { disableReferenceCode } from './disable-reference-code';
import { listReferenceCodes } from './list-reference-codes';

const CodeIdParamsSchema = z.object({ id: z.uuid() });

/** The admins' reference codes: list, create and disable, registered by referenceCodeRoutes after the lookup. */
export async function referenceCodeAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.adminReferenceCodes, ({ query }) => listReferenceCodes(ctx.db, query));
  route(app, C.adminCreateReferenceCode, ({ actor, body }) => createReferenceCode(ctx, actor, body));
  route(app, C.adminDisableReferenceCode, async ({ actor, params }) => {
    // A malformed id is a 404, as for an unknown code.
    const id = CodeIdParamsSchema.safeParse(params);
    if (!id.success) throw new AppError('NOT_FOUND', REFERENCE_CODE_MESSAGES.unknown);
    return disableReferenceCode(ctx, actor, id.data.id);
  });
}
