import { IMPACT_MESSAGES } from '@landunits/domain';
import { DOCUMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/http/app-error';
import { route } from '../../auth';
import { findCertificate } from './find-certificate';
import { holdingsToday, holdsUnits, impactFiguresOf } from './holdings-today';
import { projectShareOf } from './project-share';

/** "Your impact" for the dashboard, and the public look-up behind /verify/{code} (DOCUMENT_CONTRACTS). */
export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.yourImpact, async ({ user }) => {
    const today = await holdingsToday(ctx, user.id);
    return { ...impactFiguresOf(today), holdsUnits: holdsUnits(today), ...(await projectShareOf(ctx.db, today)) };
  });

  // Public: no session is read, so no refreshed session cookie rides on this publicly cached answer
  // (the contract's `cache`, on the certificate only, never on the 404); any code that cannot be one
  // is a 404 like an unknown one (findCertificate).
  route(app, C.verifyCertificate, async ({ params, reply }) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    const certificate = await findCertificate(ctx.db, params.code);
    if (!certificate) throw new AppError('NOT_FOUND', IMPACT_MESSAGES.notFound);
    return certificate;
  });
}
