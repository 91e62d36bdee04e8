import { ADMINS_MESSAGES as M } from '@landunits/domain';
import type { AdminListItem } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { activeOwnerIds, type AdminRow } from '../users';

/**
 * Every change to the admins (invite, role, removal) runs under one transaction-scoped lock, so two
 * owners acting at once are put in a row: each sees the other's change, and "the last owner" is
 * always counted on committed data.
 */
export async function lockAdminManagement(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('admins.manage', 0))`);
}

/** Refuses (409) a change that would leave no owner who can sign in: `targetId` stops being one. */
export async function ensureOwnerRemains(tx: Db, targetId: string): Promise<void> {
  const others = (await activeOwnerIds(tx)).filter((id) => id !== targetId);
  if (others.length === 0) throw new AppError('CONFLICT', M.lastOwner);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

export const adminName = (row: Pick<AdminRow, 'firstName' | 'lastName'>) => [row.firstName, row.lastName].filter(Boolean).join(' ');
export const statusOf = (row: Pick<AdminRow, 'emailVerifiedAt'>) => (row.emailVerifiedAt ? ('active' as const) : ('invited' as const));

/** A row of the admins list as the web app shows it. */
export function toAdminItem(row: AdminRow, invitationExpiresAt: Date | null, viewerId: string): AdminListItem {
  return {
    id: row.id,
    email: row.email,
    name: adminName(row),
    role: row.adminRole,
    status: statusOf(row),
    invitationExpiresAt: row.emailVerifiedAt ? null : (invitationExpiresAt?.toISOString() ?? null),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    you: row.id === viewerId,
  };
}
