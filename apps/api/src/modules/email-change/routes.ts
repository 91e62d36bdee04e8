import { hasPermission, NewEmailSchema, VerifyPasswordForEmailChangeSchema } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES as M, ApproveEmailChangeSchema, RejectEmailChangeSchema, TokenParamsSchema } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptDocuments, sendStoredDocument, limitUploads } from '../../platform/files';
import { AppError, parseInput, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { readMultipart } from '../../platform/http/multipart';
import { optionalSession, passedAdminSecondFactor, requirePermission, requireSession, requireUser } from '../auth';
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

const idOf = (request: FastifyRequest) => String((request.params as { id?: unknown }).id ?? '');
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Email change over HTTP (SPEC §7; docs/api/email-change.md): thin routes over one use-case each. */
export async function emailChangeRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.put('/api/user/verify-password-email-change/', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const { password } = parseInput(VerifyPasswordForEmailChangeSchema, request.body);
    noStore(reply);
    return verifyPasswordForEmailChange(ctx, user, password);
  });

  app.put('/api/user/send-verification-link-email-change/', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const { newEmail } = parseInput(NewEmailSchema, request.body);
    noStore(reply);
    return sendEmailChangeLink(ctx, user, newEmail);
  });

  app.get('/api/auth/verify-email-change/:token', { logSerializers: withoutToken }, async (request, reply) => {
    const { token } = parseInput(TokenParamsSchema, request.params);
    noStore(reply);
    return verifyEmailChangeLink(ctx, token);
  });

  app.post('/api/user/upload-supported-documents-email-change', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const { files } = await readMultipart(request, { files: ['identity'], store: ctx.storage, kind: 'identity' });
    await limitUploads(ctx.limiter, ctx.storage, user.id, Object.values(files));
    if (!files.identity) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { identity: M.documentRequired });
    const [document] = await acceptDocuments(ctx.storage, [files.identity]);
    noStore(reply);
    return uploadEmailChangeDocument(ctx, user.id, document!);
  });

  app.post('/api/user/submit-email-change', async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    noStore(reply);
    return submitEmailChange(ctx, session.user.id, session);
  });

  app.post('/api/user/cancel-email-change', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    noStore(reply);
    return cancelEmailChange(ctx, user.id);
  });

  // ── Admin ──

  app.get('/api/admin/email-changes', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'emailChanges.review');
    noStore(reply);
    return listEmailChangeQueue(ctx.db);
  });

  app.get('/api/admin/email-changes/:id', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'emailChanges.review');
    noStore(reply);
    return emailChangeDetail(ctx.db, idOf(request));
  });

  /** The document: reviewing admins and the request's owner; 404 for anyone else, signed in or not. */
  app.get('/api/admin/email-changes/:id/document', async (request, reply) => {
    const session = await optionalSession(ctx, request, reply);
    const user = session?.user;
    const row = user ? await findEmailChangeRequest(ctx.db, idOf(request)) : undefined;
    const allowed = row && user && (row.userId === user.id || (passedAdminSecondFactor(session) && hasPermission(user.adminRole, 'emailChanges.review')));
    if (!row || !allowed || !row.documentKey || !row.documentContentType) throw new AppError('NOT_FOUND', 'This document was not found.');
    return sendStoredDocument(reply, ctx.storage, { key: row.documentKey, filename: row.documentName ?? 'document', contentType: row.documentContentType });
  });

  app.post('/api/admin/email-changes/:id/approve', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'emailChanges.review');
    const { internalNote } = parseInput(ApproveEmailChangeSchema, request.body ?? {});
    noStore(reply);
    return approveEmailChange(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, idOf(request), internalNote);
  });

  app.post('/api/admin/email-changes/:id/reject', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'emailChanges.review');
    const input = parseInput(RejectEmailChangeSchema, request.body ?? {});
    noStore(reply);
    return rejectEmailChange(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, idOf(request), input);
  });
}
