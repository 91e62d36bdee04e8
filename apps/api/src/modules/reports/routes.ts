import type { FastifyInstance } from 'fastify';
import { checkStatementPeriod } from '@landunits/domain';
import { DOCUMENT_CONTRACTS as C } from '@landunits/domain/contracts';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { sendCurrentValue } from './certificates/render-current-value';
import { sendImpactCertificate } from './certificates/render-impact-certificate';
import { certificateRoutes } from './certificates/routes';
import { sendTransactionStatement } from './statement/render-transaction-statement';

/** GET /api/utility/generate-statement: one of the three report types of SPEC §3, for the signed-in person. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.generateStatement, async ({ user, query, reply }) => {
    const errors = checkStatementPeriod(query, ctx.clock.now());
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', Object.values(errors)[0] ?? 'Check the dates.', errors);
    // One document at a time per person, a bounded number at once (decision 0036). Waiting for a
    // turn is not idleness: the connection's idle timeout is off until the turn comes.
    // (A request injected in a test has a socket without timeouts.)
    const socket = reply.raw.socket as { setTimeout?: (ms: number) => unknown } | null;
    const waiting = { onWait: () => socket?.setTimeout?.(0), onTurn: () => socket?.setTimeout?.(ctx.config.httpTimeouts.idleMs) };
    // The document functions resolve with nothing (see sendTransactionStatement), so the turn ends
    // once the document is sent or has failed, whatever became of the response.
    await ctx.documents.forPerson(
      user.id,
      () => {
        switch (query.reportType) {
          case 'TransactionStatement':
            return sendTransactionStatement(ctx, reply, user, query);
          case 'CurrentValueDownload':
            return sendCurrentValue(ctx, reply, user);
          case 'DirectImpactCertificate':
            return sendImpactCertificate(ctx, reply, user);
        }
      },
      waiting,
    );
    return reply;
  });

  /** Where the person's document stands while they wait for it: queued (and behind how many), being drawn, or none. */
  route(app, C.documentProgress, async ({ user }) => ctx.documents.stateOf(user.id));

  await certificateRoutes(app);
}
