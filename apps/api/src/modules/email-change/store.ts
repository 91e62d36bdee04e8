import { type EmailChangeStatus } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES, type EmailChangeView } from '@landunits/domain/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { emailChangeRequests } from './schema';

export type EmailChangeRow = typeof emailChangeRequests.$inferSelect;

/** A request is open until the person cancels it or an admin decides it. */
export const openRequestOf = (userId: string) => and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.outcome), ne(emailChangeRequests.status, 'CancelledByUser'));

/** The person's open request, locked for the rest of the transaction. */
export async function lockOpenRequest(tx: Db, userId: string): Promise<EmailChangeRow | undefined> {
  const [row] = await tx.select().from(emailChangeRequests).where(openRequestOf(userId)).for('update');
  return row;
}

/** The open request, when it is at one of `statuses`; otherwise a 409 with the step's message. */
export async function lockOpenRequestAt(tx: Db, userId: string, statuses: readonly EmailChangeStatus[], refusal: string): Promise<EmailChangeRow> {
  const row = await lockOpenRequest(tx, userId);
  if (!row) throw new AppError('TRANSITION_REFUSED', EMAIL_CHANGE_MESSAGES.noOpenRequest);
  if (!statuses.includes(row.status)) throw new AppError('TRANSITION_REFUSED', refusal);
  return row;
}

export async function updateRequest(tx: Db, id: string, values: Partial<EmailChangeRow>): Promise<EmailChangeRow> {
  const [row] = await tx.update(emailChangeRequests).set(values).where(eq(emailChangeRequests.id, id)).returning();
  if (!row) throw new Error(`email change request ${id} vanished in its own transaction`);
  return row;
}

const iso = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value).toISOString();

/** The fields the person's view is made of (a table row, or a row of the dashboard's JSON fragment). */
export type EmailChangeViewRow = Pick<EmailChangeRow, 'id' | 'status' | 'newEmail' | 'documentName' | 'outcome' | 'rejectionReason'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

/**
 * What the person sees of their latest request: an open one as it is; a cancelled one as the
 * CancelledByUser end state; a rejected one as a new start (step 1) with the reason; an approved
 * one as nothing (the change is done).
 */
export function toEmailChangeView(row: EmailChangeViewRow | undefined): EmailChangeView | null {
  if (!row || row.outcome === 'Approved') return null;
  const rejected = row.outcome === 'Rejected';
  return {
    id: row.id,
    status: rejected ? 'PendingPasswordVerification' : row.status,
    newEmail: rejected ? null : row.newEmail,
    documentName: rejected ? null : row.documentName,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    rejectionReason: rejected ? row.rejectionReason : null,
  };
}
