import { hasPermission } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findAdminRole } from '../users';
import type { DocumentRow } from './store';
import { verificationDocuments } from './schema';

export const DOCUMENT_NOT_FOUND = 'This document was not found.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The document a viewer may download: its owner (the current one of a slot), or an admin whose role
 * reviews verifications (any, superseded ones too). Everyone else, signed in or not, gets the same
 * 404 as for a document that does not exist.
 */
export async function documentForViewer(db: Db, viewerId: string | undefined, id: string, staffAccess: boolean): Promise<DocumentRow> {
  const notFound = new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  if (!viewerId || !UUID.test(id)) throw notFound;
  const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id));
  if (!row) throw notFound;
  if (row.userId === viewerId && !row.supersededAt) return row;
  if (!staffAccess) throw notFound;
  const role = await findAdminRole(db, viewerId);
  if (role && hasPermission(role, 'verifications.review')) return row;
  throw notFound;
}
