import type { DocumentSlot } from '@landunits/domain';
import type { DocumentView } from '@landunits/domain/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { AcceptedDocument } from '../../platform/files';
import { verificationDocuments } from './schema';

export type DocumentRow = typeof verificationDocuments.$inferSelect;

export const documentUrl = (id: string) => `/api/user/verification/documents/${id}`;

export function toDocumentView(row: DocumentRow): DocumentView {
  return { id: row.id, slot: row.slot, filename: row.filename, contentType: row.contentType, size: row.size, uploadedAt: row.uploadedAt.toISOString(), url: documentUrl(row.id) };
}

/** A person's documents, oldest first: the current one of each slot, or every one ever uploaded (the admin's history). */
export async function documentRowsFor(db: Db, userId: string, options: { includeSuperseded: boolean }): Promise<DocumentRow[]> {
  const where = options.includeSuperseded ? eq(verificationDocuments.userId, userId) : and(eq(verificationDocuments.userId, userId), isNull(verificationDocuments.supersededAt));
  return db.select().from(verificationDocuments).where(where).orderBy(asc(verificationDocuments.uploadedAt), asc(verificationDocuments.id));
}

/** The person's documents as the contract's DocumentView (download url included). */
export async function documentViewsFor(db: Db, userId: string, options: { includeSuperseded: boolean }): Promise<DocumentView[]> {
  return (await documentRowsFor(db, userId, options)).map(toDocumentView);
}

/**
 * Records newly accepted documents: each replaces the current one of its slot, which is kept
 * (superseded) for the admin's history, with its file.
 */
export async function recordDocuments(tx: Db, userId: string, accepted: readonly AcceptedDocument[], now: Date): Promise<void> {
  for (const file of accepted) {
    const slot = file.field as DocumentSlot;
    await tx
      .update(verificationDocuments)
      .set({ supersededAt: now })
      .where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.slot, slot), isNull(verificationDocuments.supersededAt)));
    await tx.insert(verificationDocuments).values({ userId, slot, fileKey: file.key, filename: file.filename, contentType: file.contentType, size: file.size, sha256: file.sha256, uploadedAt: now });
  }
}
