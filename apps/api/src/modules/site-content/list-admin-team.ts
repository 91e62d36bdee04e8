import { TEAM_LIMITS, type AdminTeamMember } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { teamMembers } from './schema';
import { inOrder, toAdminMember } from './store';

/** GET /api/admin/site/team: everyone, in the order of /team. */
export async function listAdminTeam(db: Db): Promise<{ members: AdminTeamMember[] }> {
  const rows = await db
    .select()
    .from(teamMembers)
    .orderBy(...inOrder)
    .limit(TEAM_LIMITS.members + 1);
  return { members: rows.map(toAdminMember) };
}
