import type { FastifyInstance } from 'fastify';
import { createPerson } from '../../../test/factories';

/**
 * People for the governance tests (the test factory): a confirmed account with a session, and
 * owned Units given by a real ledger posting when `units` is set.
 */
export interface Person {
  id: string;
  email: string;
  session: string;
}

export function person(app: FastifyInstance, options: { units?: number; email?: string } = {}): Promise<Person> {
  return createPerson(app, { firstName: 'Pat', lastName: 'Holder', ...options });
}
