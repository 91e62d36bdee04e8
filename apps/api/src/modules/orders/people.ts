import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

// The users module has no lookup by email or by ids yet, so orders reads the few columns it needs.

export interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
}

const personColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

/** A person who can take part in an order: registered and email-confirmed. `email` is already normalised (EmailSchema). */
export async function findActiveUserByEmail(db: Db, email: string): Promise<Person | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  return row;
}

export async function peopleByIds(db: Db, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** How one person is shown to another: first name and the initial of the last name ('Ada L.'). */
export function shortName(person: Pick<Person, 'firstName' | 'lastName'>): string {
  const first = person.firstName.trim();
  const initial = [...(person.lastName ?? '').trim()][0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en')}.` : first;
}
