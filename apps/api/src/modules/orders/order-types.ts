import type { AdminRole, VerificationStatus } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import type { TakenStepUp } from '../auth';
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

/**
 * Takes the person's step-up proof for a sale or a large transfer inside the order's own
 * transaction (decision 0050): 403 STEP_UP_REQUIRED when there is none. The API's requests bind it
 * to the session; the demo seed, with no person present, passes NO_STEP_UP.
 */
export type StepUpCheck = (db: Db, action: 'sell' | 'transfer') => Promise<TakenStepUp>;

/** The demo content written by the operator's seed: no person is there to step up. */
export const NO_STEP_UP: StepUpCheck = async () => ({ giveBack: async () => {} });
