import type { Person } from '../users';

/** How one person is shown to another: first name and the initial of the last name ('Ada L.'). */
export function shortName(person: Pick<Person, 'firstName' | 'lastName'>): string {
  const first = person.firstName.trim();
  const initial = [...(person.lastName ?? '').trim()][0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en')}.` : first;
}
