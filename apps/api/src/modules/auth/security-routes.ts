import { SECURITY_MESSAGES } from '@landunits/domain';
import { SECURITY_CONTRACTS as C, type WebAuthnOptions } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { endSessions } from './end-sessions';
import { setDailyTransferLimit, setStepUpTransfersAbove } from './money-safeguards';
import { finishPasskeyRegistration, removePasskey, renamePasskey, startPasskeyRegistration } from './passkeys';
import { route } from './route';
import { confirmTotp, regenerateRecoveryCodes, removeTotp, securityOverview, startTotpSetup } from './second-factors';
import { proveStepUp, stepUpOptions } from './step-up';

/** WebAuthn's own options (an interface, which TypeScript does not match to the contract's open object), passed to the browser's library as they are. */
export const webAuthnOptions = (options: { challenge: string }): WebAuthnOptions => options as WebAuthnOptions;

/** A passkey's or a session's id: anything but one of the person's own is 404, a malformed id included. */
const idOf = (params: { id: string }): string | null => {
  const parsed = z.uuid().safeParse(params.id);
  return parsed.success ? parsed.data.toLowerCase() : null;
};

const passkeyId = (params: { id: string }): string => {
  const id = idOf(params);
  if (id === null) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);
  return id;
};

/** The person's security settings (/dashboard/settings/security): passkeys, authenticator app, recovery codes and sessions; each route is its contract (SECURITY_CONTRACTS). */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.overview, ({ session }) => securityOverview(ctx, session));
  route(app, C.totpSetup, ({ session }) => startTotpSetup(ctx, session));
  route(app, C.totpConfirm, ({ session, body }) => confirmTotp(ctx, session, body));
  route(app, C.totpRemove, ({ session, body }) => removeTotp(ctx, session, body));
  route(app, C.recoveryCodes, ({ session, body }) => regenerateRecoveryCodes(ctx, session, body));
  route(app, C.passkeyOptions, async ({ session, body }) => webAuthnOptions(await startPasskeyRegistration(ctx, session, body.password)));
  route(app, C.passkeyRegister, ({ session, body }) => finishPasskeyRegistration(ctx, session, body));
  route(app, C.passkeyRename, ({ session, params, body }) => renamePasskey(ctx, session, passkeyId(params), body.name));
  route(app, C.passkeyRemove, ({ session, params, body }) => removePasskey(ctx, session, passkeyId(params), body.password));
  route(app, C.stepUpOptions, ({ session, body }) => stepUpOptions(ctx, session, body.action));
  route(app, C.stepUp, ({ session, body }) => proveStepUp(ctx, session, body));
  route(app, C.safeguards, ({ session, body }) => setStepUpTransfersAbove(ctx, session, body.stepUpTransfersAbove));
  route(app, C.transferLimit, ({ session, body }) => setDailyTransferLimit(ctx, session, body.units));

  route(app, C.endSession, async ({ session, params }) => {
    const id = idOf(params);
    // Not an id, someone else's, already ended, or this session (signing out is logout): 404.
    const ended = id !== null && id !== session.sessionId && (await endSessions(ctx, session, { id })) === 1;
    if (!ended) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.sessionNotFound);
    return { message: SECURITY_MESSAGES.sessionEnded };
  });

  route(app, C.endOtherSessions, async ({ session }) => ({ message: SECURITY_MESSAGES.otherSessionsEnded, ended: await endSessions(ctx, session, 'others') }));
}
