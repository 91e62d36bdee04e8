import { users } from './schema';

/** What other modules may know of a person: who they are and how to name them, nothing about their account. */
export interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
}

export const personColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };
