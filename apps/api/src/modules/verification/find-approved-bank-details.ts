import type { BankForm } from '@landunits/domain';
import type { PayoutBankDetails } from '@landunits/domain/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { bankApprovedAmong, shareLockUserById } from '../users';
import { bankVerifications } from './schema';

/**
 * The bank account a sale is paid out to (PRODUCT-DECISIONS §3): the person's bank details while
 * their bank verification is Approved, and nothing otherwise — details saved or submitted since
 * (which return the verification to Saved or Pending) are never shown as a payout account.
 */

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The stored bank form as a payout account: the account name and only the other fields given. */
function toPayoutBankDetails(raw: unknown): PayoutBankDetails | null {
  const form = (raw && typeof raw === 'object' ? raw : {}) as Partial<BankForm>;
  const name = text(form.bankAccountName);
  if (!name) return null;
  const details: PayoutBankDetails = { bankAccountName: name };
  for (const key of ['bankAccountNumber', 'sortCode', 'iban', 'swiftBic', 'routingNumber', 'bankName', 'bankCountry'] as const) {
    const value = text(form[key]);
    if (value) details[key] = value;
  }
  return details;
}

/** Each of these people's approved bank account (people without one are left out). */
export async function approvedBankDetailsOf(db: Db, userIds: readonly string[]): Promise<Map<string, PayoutBankDetails>> {
  const approved = [...(await bankApprovedAmong(db, userIds))];
  if (approved.length === 0) return new Map();
  const rows = await db.select({ userId: bankVerifications.userId, details: bankVerifications.details }).from(bankVerifications).where(inArray(bankVerifications.userId, approved));
  return new Map(
    rows.flatMap((row) => {
      const details = toPayoutBankDetails(row.details);
      return details ? [[row.userId, details] as const] : [];
    }),
  );
}

/**
 * A person's approved bank account for a payout being made in `tx`, or null. The account row is
 * share-locked for the rest of the transaction, so the verification (whose changes lock it for
 * update) cannot change before the payout commits.
 */
export async function lockApprovedBankDetails(tx: Db, userId: string): Promise<PayoutBankDetails | null> {
  const account = await shareLockUserById(tx, userId);
  if (account?.bankVerificationStatus !== 'Approved') return null;
  const [row] = await tx.select({ details: bankVerifications.details }).from(bankVerifications).where(eq(bankVerifications.userId, userId));
  return row ? toPayoutBankDetails(row.details) : null;
}
