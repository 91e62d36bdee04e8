import {
  BANK_DOCUMENT_SLOTS,
  bankFormSchema,
  PROFILE_DOCUMENT_SLOTS,
  profileFormSchema,
  purchaseLimitInCents,
  requiredProfileDocument,
  type DocumentSlot,
  type MoneySettings,
  type ProfileForm,
} from '@landunits/domain';
import { LIMIT_TIERS, type BankVerificationView, type LimitTier, type ProfileVerificationView, type PurchaseLimitsView, type VerificationOverview } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { currentMoneySettings } from '../pricing';
import { activeMoneyHold } from '../auth';
import { purchaseLimitOverridesOf, type PurchaseLimitOverrideRow, type UserRow } from '../users';
import { missingFieldLabels } from './missing-fields';
import { documentRowsFor, findBankRow, findProfileRow, reuploadRequestedAt, todayOf, toDocumentView, type BankDetails, type BankRow, type DocumentRow, type ProfileRow } from './store';
import { documentLabels, documentProblems } from './transitions';

const isProfileSlot = (slot: DocumentSlot) => (PROFILE_DOCUMENT_SLOTS as readonly DocumentSlot[]).includes(slot);

/** The profile as saved, or an empty one carrying the account's names. */
export function profileDetailsOf(user: UserRow, row: ProfileRow | undefined): ProfileForm {
  if (row) return row.details as ProfileForm;
  const empty = {
    firstName: user.firstName,
    lastName: user.lastName ?? '',
    address: { houseNumber: '', streetAddress: '', townCity: '', postcode: '', country: '' },
    contactInfo: { telephoneCountryCode: '', phoneNumber: '' },
    optionalNote: '',
  };
  return user.userType === 'BUSINESS'
    ? { ...empty, businessInfo: { businessName: user.businessName ?? '', registrationNumber: '', vatNumber: '' } }
    : { ...empty, passport: { passportNumber: '', issuingCountry: '', startDate: '', expiryDate: '' } };
}

export const EMPTY_BANK: BankDetails = { bankAccountName: '', bankAccountNumber: '', iban: '', swiftBic: '', bankName: '', bankAddress: '', bankCountry: '', sortCode: '', routingNumber: '' };

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const reuploadOf = (row: ProfileRow | BankRow | undefined) => (row?.reuploadSlot ? { slot: row.reuploadSlot, reason: row.reuploadReason ?? '' } : null);

export async function profileView(db: Db, user: UserRow, now: Date, documents?: DocumentRow[]): Promise<ProfileVerificationView> {
  const row = await findProfileRow(db, user.id);
  const docs = (documents ?? (await documentRowsFor(db, user.id, { includeSuperseded: false }))).filter((d) => isProfileSlot(d.slot));
  const details = profileDetailsOf(user, row);
  const since = row?.reuploadSlot ? await reuploadRequestedAt(db, user.id, 'profile') : null;
  const problems = documentProblems([requiredProfileDocument(user.userType)], docs, row?.reuploadSlot ? { slot: row.reuploadSlot, since } : null);
  return {
    status: user.profileVerificationStatus,
    userType: user.userType,
    email: user.email,
    details,
    documents: docs.map(toDocumentView),
    // What a submission still needs; an Approved verification has nothing left to submit.
    missing:
      user.profileVerificationStatus === 'Approved'
        ? []
        : [...missingFieldLabels(profileFormSchema({ mode: 'submit', userType: user.userType, today: todayOf(now) }), details), ...documentLabels(problems)],
    rejectionReason: row?.rejectionReason ?? null,
    reupload: reuploadOf(row),
    submittedAt: iso(row?.submittedAt ?? null),
    decidedAt: iso(row?.decidedAt ?? null),
  };
}

export async function bankView(db: Db, user: UserRow, documents?: DocumentRow[]): Promise<BankVerificationView> {
  const row = await findBankRow(db, user.id);
  const docs = (documents ?? (await documentRowsFor(db, user.id, { includeSuperseded: false }))).filter((d) => d.slot === 'bankStatement');
  const details = (row?.details as BankDetails | undefined) ?? EMPTY_BANK;
  const since = row?.reuploadSlot ? await reuploadRequestedAt(db, user.id, 'bank') : null;
  const problems = documentProblems(BANK_DOCUMENT_SLOTS, docs, row?.reuploadSlot ? { slot: row.reuploadSlot, since } : null);
  return {
    status: user.bankVerificationStatus,
    details,
    documents: docs.map(toDocumentView),
    missing: user.bankVerificationStatus === 'Approved' ? [] : [...missingFieldLabels(bankFormSchema('submit'), details), ...documentLabels(problems)],
    rejectionReason: row?.rejectionReason ?? null,
    reupload: reuploadOf(row),
    submittedAt: iso(row?.submittedAt ?? null),
    decidedAt: iso(row?.decidedAt ?? null),
  };
}

const TIERS: Record<LimitTier, { label: string; requirement: string }> = {
  emailVerified: { label: 'Email verified', requirement: 'Confirm your email address.' },
  profileApproved: { label: 'Profile approved', requirement: 'Get your profile verification approved.' },
  businessApproved: { label: 'Business profile approved', requirement: 'A business account with its profile verification approved.' },
};

/**
 * The purchase-limit tiers (PRODUCT-DECISIONS §4), the one that applies to this person, and the
 * currencies where an admin's override replaces the tier's limit.
 */
export function limitsView(user: UserRow, settings: Pick<MoneySettings, 'purchaseLimitsInCents'>, overrides: readonly Pick<PurchaseLimitOverrideRow, 'currency' | 'cents'>[] = []): PurchaseLimitsView {
  const approved = user.profileVerificationStatus === 'Approved';
  const tier: LimitTier = !approved ? 'emailVerified' : user.userType === 'BUSINESS' ? 'businessApproved' : 'profileApproved';
  const forUser = (id: LimitTier) => id === 'emailVerified' || (id === 'businessApproved') === (user.userType === 'BUSINESS');
  return {
    current: tier,
    currentCents: Number(purchaseLimitInCents({ userType: user.userType, profileApproved: approved }, settings)),
    overrides: overrides.map((o) => ({ currency: o.currency, cents: o.cents })),
    tiers: LIMIT_TIERS.map((id) => ({ id, ...TIERS[id], cents: settings.purchaseLimitsInCents[id], forUser: forUser(id) })),
  };
}

/** GET /api/user/verification: both verifications and the purchase-limit tiers. */
export async function verificationOverview(db: Db, user: UserRow, now: Date): Promise<VerificationOverview> {
  const documents = await documentRowsFor(db, user.id, { includeSuperseded: false });
  const [profile, bank, settings, overrides, moneyHold] = await Promise.all([
    profileView(db, user, now, documents),
    bankView(db, user, documents),
    currentMoneySettings(db, now),
    purchaseLimitOverridesOf(db, user.id),
    activeMoneyHold(db, user.id, now),
  ]);
  return { profile, bank, limits: limitsView(user, settings, overrides), moneyHold };
}
