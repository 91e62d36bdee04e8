import type { DocumentSlot } from '@landunits/domain';
import type { BankVerificationView, DocumentView } from '@landunits/domain/contracts';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { AcceptedDocument } from '../../platform/files';
import { bankVerifications, profileVerifications, verificationDocuments, verificationEvents, type VERIFICATION_EVENT_ACTIONS, type VERIFICATION_KINDS } from './schema';

export type ProfileRow = typeof profileVerifications.$inferSelect;
export type BankRow = typeof bankVerifications.$inferSelect;
export type BankDetails = BankVerificationView['details'];

export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

export async function findProfileRow(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profileVerifications).where(eq(profileVerifications.userId, userId));
  return row;
}

export async function findBankRow(db: Db, userId: string): Promise<BankRow | undefined> {
  const [row] = await db.select().from(bankVerifications).where(eq(bankVerifications.userId, userId));
  return row;
}

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

export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
export type EventAction = (typeof VERIFICATION_EVENT_ACTIONS)[number];

export async function recordEvents(tx: Db, userId: string, verification: VerificationKind, actions: readonly EventAction[], now: Date): Promise<void> {
  if (actions.length === 0) return;
  await tx.insert(verificationEvents).values(actions.map((action) => ({ userId, verification, action, at: now })));
}

/** When an admin last asked for a document again, or the daily job found the passport expired. */
export async function reuploadRequestedAt(db: Db, userId: string, verification: VerificationKind): Promise<Date | null> {
  const [row] = await db
    .select({ at: verificationEvents.at })
    .from(verificationEvents)
    .where(and(eq(verificationEvents.userId, userId), eq(verificationEvents.verification, verification), inArray(verificationEvents.action, ['reuploadRequested', 'expired'])))
    .orderBy(desc(verificationEvents.at))
    .limit(1);
  return row?.at ?? null;
}
