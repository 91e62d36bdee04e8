import type { AdminList, AdminListQuery } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { invitationExpiries } from '../auth';
import { listAdminAccounts } from '../users';
import { toAdminItem } from './admin-rules';

/** GET /api/admin/admins: one page of admins and open invitations, with when each invitation link expires. */
export async function listAdmins(ctx: AppContext, viewerId: string, q: AdminListQuery): Promise<AdminList> {
  const { rows, total } = await listAdminAccounts(ctx.db, q);
  const invited = rows.filter((row) => !row.emailVerifiedAt).map((row) => row.id);
  const expiries = await invitationExpiries(ctx.db, invited, ctx.clock.now());
  return { admins: rows.map((row) => toAdminItem(row, expiries.get(row.id) ?? null, viewerId)), total, page: q.page, pageSize: q.pageSize };
}
