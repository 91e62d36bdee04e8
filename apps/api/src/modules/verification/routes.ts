import { BANK_FILE_FIELDS, PROFILE_FILE_FIELDS, UpdateBankFieldsSchema, VERIFICATION_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { sendStoredDocument, limitUploads } from '../../platform/files';
import { readMultipart } from '../../platform/http/multipart';
import { passedAdminSecondFactor, route } from '../auth';
import { findUserById } from '../users';
import { documentForViewer } from './download-document';
import { verificationOverview } from './show-verification-overview';
import { updateBank } from './update-bank';
import { updateProfile } from './update-profile';
import { withdrawSubmission } from './withdraw-submission';

const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'kycInfo'] as const;
const BANK_FIELDS = Object.keys(UpdateBankFieldsSchema.shape);

/** The person's own verification routes (VERIFICATION_CONTRACTS): each route is its contract over one use-case. */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.overview, ({ user }) => verificationOverview(ctx.db, user, ctx.clock.now()));

  route(app, C.updateProfile, async ({ user, request }) => {
    const upload = await readMultipart(request, { files: PROFILE_FILE_FIELDS, fields: PROFILE_FIELDS, store: ctx.storage, kind: 'identity' });
    await limitUploads(ctx.limiter, ctx.storage, user.id, Object.values(upload.files));
    const { message } = await updateProfile(ctx, user, upload);
    return { message, ...(await overviewAfter(user.id)) };
  });

  route(app, C.updateBank, async ({ session, user, request }) => {
    const upload = await readMultipart(request, { files: BANK_FILE_FIELDS, fields: BANK_FIELDS, store: ctx.storage, kind: 'identity' });
    await limitUploads(ctx.limiter, ctx.storage, user.id, Object.values(upload.files));
    const { message } = await updateBank(ctx, user, upload, session);
    return { message, ...(await overviewAfter(user.id)) };
  });

  route(app, C.withdraw, async ({ user, body }) => {
    const { message } = await withdrawSubmission(ctx, user.id, body.verification);
    return { message, ...(await overviewAfter(user.id)) };
  });

  /** Public in the contract: a signed-out request gets the same 404 as anyone else who may not read it. */
  route(app, C.document, async ({ optionalSession, params, reply }) => {
    const session = await optionalSession();
    // Staff read other people's documents only from a session that passed its authenticator code.
    const document = await documentForViewer(ctx.db, session?.user.id, params.id, passedAdminSecondFactor(session));
    return sendStoredDocument(reply, ctx.storage, { key: document.fileKey, filename: document.filename, contentType: document.contentType });
  });

  /** The overview as it stands after a change (the account re-read: statuses and names moved). */
  async function overviewAfter(userId: string) {
    const user = await findUserById(ctx.db, userId);
    if (!user) throw new Error(`account ${userId} vanished`);
    return verificationOverview(ctx.db, user, ctx.clock.now());
  }
}
