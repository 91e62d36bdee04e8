import type { Db } from '../../platform/db/client';
import { findUsersByIds, type Person } from '../users';

/** How the community names a person: first name and the initial of the last name ("Ada L."). */
export function publicNameOf(person: Person | undefined): string {
  if (!person) return 'A former member';
  const initial = person.lastName?.trim().charAt(0);
  return initial ? `${person.firstName} ${initial.toUpperCase()}.` : person.firstName;
}

/** The people behind these ids, named for the community. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<(id: string) => string> {
  const people = await findUsersByIds(db, ids);
  return (id) => publicNameOf(people.get(id));
}
