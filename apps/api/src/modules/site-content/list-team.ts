import type { TeamMember } from '@landunits/domain';
import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { teamMembers } from './schema';

/** The people of /team in `position` order (then the order they were added). */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  return db
    .select({ id: teamMembers.id, name: teamMembers.name, role: teamMembers.role, bio: teamMembers.bio, isDemo: teamMembers.isDemo })
    .from(teamMembers)
    .orderBy(asc(teamMembers.position), asc(teamMembers.id));
}
