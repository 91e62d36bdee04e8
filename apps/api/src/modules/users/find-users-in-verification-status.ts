import type { VerificationStatus } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from './schema';

export interface VerificationQueuePerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  businessName: string | null;
  userType: 'USER' | 'BUSINESS';
}

/** The people whose profile (or bank) verification is in this status: the admin review queues start here. */
export async function findUsersInVerificationStatus(db: Db, verification: 'profile' | 'bank', status: VerificationStatus): Promise<VerificationQueuePerson[]> {
  const column = verification === 'profile' ? users.profileVerificationStatus : users.bankVerificationStatus;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, businessName: users.businessName, userType: users.userType })
    .from(users)
    .where(eq(column, status));
}
