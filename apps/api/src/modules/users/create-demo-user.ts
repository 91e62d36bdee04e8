import { EmailSchema, PasswordSchema } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import { hashPassword } from '../../platform/security/passwords';
import type { UserRow } from './store';

/**
 * A confirmed person for the demo content of a new embedded database (never called by a request).
 * `verified` marks profile and bank verification Approved, so the demo can sell.
 */
export async function createDemoUser(db: Db, input: { email: string; password: string; firstName: string; lastName: string; verified?: boolean }): Promise<UserRow> {
  const now = new Date();
  const status = input.verified ? ('Approved' as const) : ('UnVerified' as const);
  const [created] = await db
    .insert(users)
    .values({
      email: EmailSchema.parse(input.email),
      firstName: input.firstName,
      lastName: input.lastName,
      userType: 'USER',
      passwordHash: await hashPassword(PasswordSchema.parse(input.password)),
      emailVerifiedAt: now,
      firstLogin: false,
      profileVerificationStatus: status,
      bankVerificationStatus: status,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error(`Could not create ${input.email}`);
  return created;
}
