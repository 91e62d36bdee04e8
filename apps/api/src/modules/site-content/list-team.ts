import type { TeamMember } from '@landunits/domain';
import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { teamMembers } from './schema';
import { imageUrl } from './site-images';

/** The people of /team in `position` order (then the order they were added), with their photos. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db
    .select({ id: teamMembers.id, name: teamMembers.name, role: teamMembers.role, bio: teamMembers.bio, photoId: teamMembers.photoId, isDemo: teamMembers.isDemo })
    .from(teamMembers)
    .orderBy(asc(teamMembers.position), asc(teamMembers.id));
  return rows.map(({ photoId, ...member }) => ({ ...member, photo: photoId ? imageUrl(photoId) : null }));
}
