import type { FastifyInstance } from 'fastify';
import { DAY } from '../../../platform/clock';
import { sessions, users } from '../../../platform/db/schema';
import { newToken } from '../../../platform/security/tokens';
import { giveUnits } from '../../orders/test/fixtures';

/**
 * People for the governance tests, made straight in the database (a hundred holders through the
 * registration form would spend most of the run hashing passwords): a confirmed account with a
 * session, and owned Units given by a real ledger posting when `units` is set.
 */
export interface Person {
  id: string;
  email: string;
  session: string;
}

let made = 0;

export async function person(app: FastifyInstance, options: { units?: number; email?: string } = {}): Promise<Person> {
  const db = app.ctx.db;
  const now = app.ctx.clock.now();
  const email = options.email ?? `person${++made}.${Date.now().toString(36)}@governance.example`;
  const [row] = await db
    .insert(users)
    .values({ email, firstName: 'Pat', lastName: 'Holder', userType: 'USER', passwordHash: 'not-a-hash', emailVerifiedAt: now, firstLogin: false, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  const { token, hash } = newToken();
  await db.insert(sessions).values({ userId: row!.id, tokenHash: hash, createdAt: now, refreshedAt: now, expiresAt: new Date(now.getTime() + 30 * DAY) });
  if (options.units) await giveUnits(db, row!.id, options.units);
  return { id: row!.id, email, session: token };
}
