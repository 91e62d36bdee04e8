import { IMPACT_MESSAGES } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { requireUser } from '../auth';
import { findCertificate } from './certificates/issue-certificate';
import { holdingsToday, holdsUnits, impactFiguresOf } from './holdings-today';

/** "Your impact" for the dashboard, and the public look-up behind /verify/{code}. */
export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/user/impact', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const today = await holdingsToday(ctx, user.id);
    reply.header('cache-control', 'no-store');
    return { ...impactFiguresOf(today), holdsUnits: holdsUnits(today) };
  });

  app.get<{ Params: { code: string } }>('/api/certificates/:code', async (request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    const certificate = await findCertificate(ctx.db, request.params.code);
    if (!certificate) throw new AppError('NOT_FOUND', IMPACT_MESSAGES.notFound);
    // A certificate never changes once issued.
    return reply.header('cache-control', 'public, max-age=3600').send(certificate);
  });
}
