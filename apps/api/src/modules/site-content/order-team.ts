import { CONTENT_MESSAGES as M, type AdminTeamMember } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { listAdminTeam } from './list-admin-team';
import { teamMembers } from './schema';
import { inOrder, lockTeam, write } from './store';

/**
 * Puts the team in the order given: every member's id exactly once. The rows are locked first; a
 * list that does not name exactly the people there are now (someone was added or removed
 * meanwhile) is refused with 409 rather than guessed at.
 */
export async function orderTeam(ctx: DbContext, admin: AuditActor, ids: readonly number[]): Promise<{ members: AdminTeamMember[] }> {
  return write(ctx, async (tx, now) => {
    await lockTeam(tx);
    const current = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .orderBy(...inOrder)
      .for('update');
    const before = current.map((row) => row.id);
    const known = new Set(before);
    if (ids.length !== before.length || !ids.every((id) => known.has(id))) throw new AppError('CONFLICT', M.orderChanged);
    if (ids.every((id, i) => id === before[i])) return listAdminTeam(tx);
    await tx.execute(sql`update ${teamMembers} set position = o.ord from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as o(id, ord) where ${teamMembers.id} = o.id`);
    await recordAudit(tx, { actor: admin, at: now, action: 'team.reorder', targetType: 'team', targetId: 'team', before: { ids: before }, after: { ids: [...ids] } });
    return listAdminTeam(tx);
  });
}
