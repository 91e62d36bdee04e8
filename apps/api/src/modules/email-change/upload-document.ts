import { EMAIL_CHANGE_MESSAGES as M, type EmailChangeAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { AcceptedDocument } from '../../platform/files';
import { lockOpenRequestAt, toEmailChangeView, updateRequest } from './store';

/**
 * Step 4 (POST /api/user/upload-supported-documents-email-change): the supporting identity
 * document, already stored (encrypted) and accepted by the route. A second upload replaces the
 * first, whose file is deleted once the change is committed; a refused step deletes the new one.
 */
export async function uploadEmailChangeDocument(ctx: AppContext, userId: string, document: AcceptedDocument): Promise<EmailChangeAnswer> {
  let replaced: string | null = null;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const open = await lockOpenRequestAt(tx, userId, ['VerifiedNewEmail', 'DocumentsUploaded'], M.notAtDocumentStep);
      replaced = open.documentKey;
      return updateRequest(tx, open.id, {
        status: 'DocumentsUploaded',
        documentKey: document.key,
        documentName: document.filename.slice(0, 255),
        documentContentType: document.contentType,
        documentSize: document.size,
        updatedAt: ctx.clock.now(),
      });
    });
    if (replaced) await ctx.storage.delete(replaced);
    return { message: M.documentUploaded, emailChange: toEmailChangeView(row) };
  } catch (error) {
    await ctx.storage.delete(document.key);
    throw error;
  }
}
