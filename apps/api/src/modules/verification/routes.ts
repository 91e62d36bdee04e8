import { BANK_FILE_FIELDS, PROFILE_FILE_FIELDS, UpdateBankFieldsSchema, WithdrawSchema } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendStoredDocument, limitUploads } from '../../platform/files';
import { parseInput } from '../../platform/http/app-error';
import { readMultipart } from '../../platform/http/multipart';
import { optionalSession, passedAdminSecondFactor, requireSession, requireUser } from '../auth';
import { findUserById } from '../users';
import { documentForViewer } from './download-document';
import { verificationOverview } from './overview';
import { updateBank } from './update-bank';
import { updateProfile } from './update-profile';
import { withdrawSubmission } from './withdraw';

const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'kycInfo'] as const;
const BANK_FIELDS = Object.keys(UpdateBankFieldsSchema.shape);
const DocumentParams = z.object({ id: z.string().max(100) });

/** The person's own verification routes (contracts/verification.ts). */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/user/verification', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    reply.header('cache-control', 'no-store');
    return verificationOverview(ctx.db, user, ctx.clock.now());
  });

  app.post('/api/user/update_profile', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const upload = await readMultipart(request, { files: PROFILE_FILE_FIELDS, fields: PROFILE_FIELDS, store: ctx.storage, kind: 'identity' });
    await limitUploads(ctx.limiter, ctx.storage, user.id, Object.values(upload.files));
    const { message } = await updateProfile(ctx, user, upload);
    return { message, ...(await overviewAfter(user.id)) };
  });

  app.post('/api/user/update-bank', async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const { user } = session;
    const upload = await readMultipart(request, { files: BANK_FILE_FIELDS, fields: BANK_FIELDS, store: ctx.storage, kind: 'identity' });
    await limitUploads(ctx.limiter, ctx.storage, user.id, Object.values(upload.files));
    const { message } = await updateBank(ctx, user, upload, session);
    return { message, ...(await overviewAfter(user.id)) };
  });

  app.post('/api/user/verification/withdraw', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const { verification } = parseInput(WithdrawSchema, request.body);
    const { message } = await withdrawSubmission(ctx, user.id, verification);
    return { message, ...(await overviewAfter(user.id)) };
  });

  /** Public in the contract: a signed-out request gets the same 404 as anyone else who may not read it. */
  app.get('/api/user/verification/documents/:id', async (request, reply) => {
    const session = await optionalSession(ctx, request, reply);
    const { id } = parseInput(DocumentParams, request.params);
    // Staff read other people's documents only from a session that passed its authenticator code.
    const document = await documentForViewer(ctx.db, session?.user.id, id, passedAdminSecondFactor(session));
    return sendStoredDocument(reply, ctx.storage, { key: document.fileKey, filename: document.filename, contentType: document.contentType });
  });

  /** The overview as it stands after a change (the account re-read: statuses and names moved). */
  async function overviewAfter(userId: string) {
    const user = await findUserById(ctx.db, userId);
    if (!user) throw new Error(`account ${userId} vanished`);
    return verificationOverview(ctx.db, user, ctx.clock.now());
  }
}
