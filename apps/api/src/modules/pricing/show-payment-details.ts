import type { PaymentDetailsAdmin } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { requestLists, type Viewer } from './list-setting-requests';
import { PAYMENT_DETAILS_SECTION } from './setting-sections';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** GET /api/admin/payment-details: the bank account, wallets and company details in force, the requests. */
export async function paymentDetailsPage(db: Db, viewer: Viewer, page: number): Promise<PaymentDetailsAdmin> {
  const state = await PAYMENT_DETAILS_SECTION.read(db);
  return {
    current: state.value,
    version: state.version,
    updatedAt: iso(state.stored.updatedAts.paymentDetails),
    ...(await requestLists(db, 'payment-details', viewer, state.version, page)),
  };
}
