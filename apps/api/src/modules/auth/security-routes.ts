import {
  MoneySafeguardsSchema,
  TransferLimitSchema,
  PasskeyRegisterSchema,
  PasskeyPasswordSchema,
  PasskeyRenameSchema,
  SECURITY_MESSAGES,
  SecondFactorChangeSchema,
  StepUpOptionsRequestSchema,
  StepUpSchema,
  TotpConfirmSchema,
} from '@landunits/domain';
import { SECURITY_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, parseInput } from '../../platform/http/app-error';
import { requireSession } from './guard';
import { finishPasskeyRegistration, removePasskey, renamePasskey, startPasskeyRegistration } from './passkeys';
import { confirmTotp, regenerateRecoveryCodes, removeTotp, securityOverview, startTotpSetup } from './second-factors';
import { endSessions } from './end-sessions';
import { proveStepUp, stepUpOptions } from './step-up';
import { setDailyTransferLimit, setStepUpTransfersAbove } from './money-safeguards';

/** The person's security settings (/dashboard/settings/security): passkeys, authenticator app, recovery codes and sessions. */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const IdParams = z.object({ id: z.uuid() });

  app.get(C.overview.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return securityOverview(ctx, session);
  });

  app.post(C.totpSetup.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return startTotpSetup(ctx, session);
  });

  app.post(C.totpConfirm.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return confirmTotp(ctx, session, parseInput(TotpConfirmSchema, request.body));
  });

  app.post(C.totpRemove.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    return removeTotp(ctx, session, parseInput(SecondFactorChangeSchema, request.body));
  });

  app.post(C.recoveryCodes.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return regenerateRecoveryCodes(ctx, session, parseInput(SecondFactorChangeSchema, request.body));
  });

  app.post(C.passkeyOptions.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return startPasskeyRegistration(ctx, session, parseInput(PasskeyPasswordSchema, request.body).password);
  });

  app.post(C.passkeyRegister.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return finishPasskeyRegistration(ctx, session, parseInput(PasskeyRegisterSchema, request.body));
  });

  const passkeyId = (params: unknown) => {
    const parsed = IdParams.safeParse(params);
    if (!parsed.success) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);
    return parsed.data.id.toLowerCase();
  };

  app.patch(C.passkeyRename.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const id = passkeyId(request.params);
    return renamePasskey(ctx, session, id, parseInput(PasskeyRenameSchema, request.body).name);
  });

  app.post(C.passkeyRemove.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const id = passkeyId(request.params);
    return removePasskey(ctx, session, id, parseInput(PasskeyPasswordSchema, request.body).password);
  });

  app.post(C.stepUpOptions.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return stepUpOptions(ctx, session, parseInput(StepUpOptionsRequestSchema, request.body).action);
  });

  app.post(C.stepUp.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return proveStepUp(ctx, session, parseInput(StepUpSchema, request.body));
  });

  app.put(C.safeguards.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    return setStepUpTransfersAbove(ctx, session, parseInput(MoneySafeguardsSchema, request.body).stepUpTransfersAbove);
  });

  app.put(C.transferLimit.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    return setDailyTransferLimit(ctx, session, parseInput(TransferLimitSchema, request.body).units);
  });

  app.delete(C.endSession.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const parsed = IdParams.safeParse(request.params);
    const id = parsed.success ? parsed.data.id.toLowerCase() : null;
    // Not an id, someone else's, already ended, or this session (signing out is logout): 404.
    const ended = id !== null && id !== session.sessionId && (await endSessions(ctx, session, { id })) === 1;
    if (!ended) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.sessionNotFound);
    return { message: SECURITY_MESSAGES.sessionEnded };
  });

  app.post(C.endOtherSessions.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const ended = await endSessions(ctx, session, 'others');
    return { message: SECURITY_MESSAGES.otherSessionsEnded, ended };
  });
}
