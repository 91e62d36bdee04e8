import { hasPermission } from '@landunits/domain';
import { EMAIL_CHANGE_CONTRACTS as C, EMAIL_CHANGE_MESSAGES as M } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptDocuments, sendStoredDocument, limitUploads } from '../../platform/files';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { readMultipart } from '../../platform/http/multipart';
import { passedAdminSecondFactor, route } from '../auth';
import { emailChangeDetail, findEmailChangeRequest, listEmailChangeQueue } from './admin-requests';
import { cancelEmailChange } from './cancel-request';
import { approveEmailChange, rejectEmailChange } from './decide-request';
import { sendEmailChangeLink } from './send-link';
import { submitEmailChange } from './submit-request';
import { uploadEmailChangeDocument } from './upload-document';
import { verifyEmailChangeLink } from './verify-link';
import { verifyPasswordForEmailChange } from './verify-password';

/** The request log of the link's route names the route, never the token in its path. */
const withoutToken = {
  req: (request: FastifyRequest) => ({ method: request.method, url: '/api/auth/verify-email-change/[token]', host: request.host, remoteAddress: request.ip }),
};

/** Email change over HTTP (SPEC §7; docs/api/email-change.md; EMAIL_CHANGE_CONTRACTS): each route is its contract over one use-case. */
export async function emailChangeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.verifyPassword, ({ user, body }) => verifyPasswordForEmailChange(ctx, user, body.password));
  route(app, C.sendLink, ({ user, body }) => sendEmailChangeLink(ctx, user, body.newEmail));
  route(app, C.verifyLink, ({ params }) => verifyEmailChangeLink(ctx, params.token), { logSerializers: withoutToken });

  route(app, C.uploadDocument, async ({ user, request }) => {
    const { files } = await readMultipart(request, { files: ['identity'], store: ctx.storage, kind: 'identity' });
    await limitUploads(ctx.limiter, ctx.storage, user.id, Object.values(files));
    if (!files.identity) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { identity: M.documentRequired });
    const [document] = await acceptDocuments(ctx.storage, [files.identity]);
    return uploadEmailChangeDocument(ctx, user.id, document!);
  });

  route(app, C.submit, ({ session }) => submitEmailChange(ctx, session.user.id, session));
  route(app, C.cancel, ({ user }) => cancelEmailChange(ctx, user.id));

  // ── Admin ──

  route(app, C.adminQueue, () => listEmailChangeQueue(ctx.db));
  route(app, C.adminDetail, ({ params }) => emailChangeDetail(ctx.db, params.id));

  /** The document: reviewing admins and the request's owner; 404 for anyone else, signed in or not (so the contract is public). */
  route(app, C.adminDocument, async ({ optionalSession, params, reply }) => {
    const session = await optionalSession();
    const user = session?.user;
    const row = user ? await findEmailChangeRequest(ctx.db, params.id) : undefined;
    const allowed = row && user && (row.userId === user.id || (passedAdminSecondFactor(session) && hasPermission(user.adminRole, 'emailChanges.review')));
    if (!row || !allowed || !row.documentKey || !row.documentContentType) throw new AppError('NOT_FOUND', 'This document was not found.');
    return sendStoredDocument(reply, ctx.storage, { key: row.documentKey, filename: row.documentName ?? 'document', contentType: row.documentContentType });
  });

  route(app, C.approve, ({ actor, params, body }) => approveEmailChange(ctx, actor, params.id, body.internalNote));
  route(app, C.reject, ({ actor, params, body }) => rejectEmailChange(ctx, actor, params.id, body));
}
