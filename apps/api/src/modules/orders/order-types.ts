import type { AdminRole, VerificationStatus } from '@landunits/domain';
import type { Person } from '../users';
import type { OrderView } from './order-view';

/** Who places an order: the signed-in person with what the rules need to know of them. */
export interface Customer extends Person {
  userType: 'USER' | 'BUSINESS';
  profileVerificationStatus: VerificationStatus;
  bankVerificationStatus: VerificationStatus;
  /** Set for staff accounts, which never place orders (decision 0037). */
  adminRole: AdminRole | null;
}

export interface OrderCreatedBody {
  orderCreatedData: OrderView;
}

/** The key of this submission and the fingerprint of its request (see platform/http/idempotency.ts). */
export interface Submission {
  key: string;
  fingerprint: string;
}
