import { EMAIL_CHANGE_MESSAGES as M, type AdminEmailChangeDetail, type AdminEmailChangeItem } from '@landunits/domain/contracts';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findUsersByIds, type Person } from '../users';
import { emailChangeRequests as r } from './schema';
import type { EmailChangeRow } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nameOf = (person: Person | undefined) => (person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : '');

export const documentUrl = (id: string) => `/api/admin/email-changes/${id}/document`;

function toItem(row: EmailChangeRow, person: Person | undefined): AdminEmailChangeItem {
  return {
    id: row.id,
    userId: row.userId,
    name: nameOf(person),
    currentEmail: person?.email ?? '',
    newEmail: row.newEmail ?? '',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.updatedAt.toISOString(),
  };
}

/** A request as the admin's detail and decisions show it. */
export function toAdminRequest(row: EmailChangeRow, person: Person | undefined): AdminEmailChangeDetail['request'] {
  return {
    ...toItem(row, person),
    outcome: row.outcome,
    rejectionReason: row.rejectionReason,
    internalNote: row.internalNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    document:
      row.documentKey && row.documentContentType ? { filename: row.documentName ?? 'document', contentType: row.documentContentType, size: row.documentSize ?? 0, url: documentUrl(row.id) } : null,
  };
}

/** GET /api/admin/email-changes: the requests waiting for a decision, oldest first. */
export async function listEmailChangeQueue(db: Db): Promise<{ requests: AdminEmailChangeItem[] }> {
  const rows = await db
    .select()
    .from(r)
    .where(and(isNull(r.outcome), eq(r.status, 'PendingAdminApproval')))
    .orderBy(asc(r.updatedAt), asc(r.id))
    .limit(500);
  const people = await findUsersByIds(
    db,
    rows.map((row) => row.userId),
  );
  return { requests: rows.map((row) => toItem(row, people.get(row.userId))) };
}

export async function findEmailChangeRequest(db: Db, id: string): Promise<EmailChangeRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(r).where(eq(r.id, id));
  return row;
}

/** GET /api/admin/email-changes/:id: the request, the person and every request of theirs. */
export async function emailChangeDetail(db: Db, id: string): Promise<AdminEmailChangeDetail> {
  const row = await findEmailChangeRequest(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const [people, history] = await Promise.all([findUsersByIds(db, [row.userId]), db.select().from(r).where(eq(r.userId, row.userId)).orderBy(desc(r.createdAt), desc(r.id)).limit(50)]);
  return {
    request: toAdminRequest(row, people.get(row.userId)),
    history: history.map((h) => ({
      id: h.id,
      status: h.status,
      outcome: h.outcome,
      newEmail: h.newEmail,
      oldEmail: h.oldEmail,
      rejectionReason: h.rejectionReason,
      internalNote: h.internalNote,
      createdAt: h.createdAt.toISOString(),
      updatedAt: h.updatedAt.toISOString(),
      decidedAt: h.decidedAt?.toISOString() ?? null,
    })),
  };
}
