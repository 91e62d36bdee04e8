import type { ProfileForm, VerificationStatus } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { bankVerifications, profileVerifications, users, verificationDocuments } from '../../../schema';

/**
 * Verifications written straight into the tables, as the person's own screens leave them: the
 * review does not depend on how a submission was made.
 */

export function profileForm(firstName: string, lastName: string, expiryDate = '2030-05-01'): ProfileForm {
  return {
    firstName,
    lastName,
    address: { houseNumber: '12', streetAddress: 'Garden Lane', townCity: 'London', postcode: 'N1 9GU', country: 'United Kingdom' },
    contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7700900123' },
    optionalNote: 'Moved house last year.',
    passport: { passportNumber: 'AB123456', issuingCountry: 'United Kingdom', startDate: '2020-05-01', expiryDate },
  };
}

export async function writeProfile(db: Db, userId: string, o: { status?: VerificationStatus; submittedAt: Date; details: ProfileForm; passportExpiryDate?: string | null }): Promise<void> {
  await db.insert(profileVerifications).values({
    userId,
    details: o.details,
    passportExpiryDate: o.passportExpiryDate === undefined ? (o.details.passport?.expiryDate ?? null) : o.passportExpiryDate,
    submittedAt: o.submittedAt,
    updatedAt: o.submittedAt,
  });
  await db
    .update(users)
    .set({ profileVerificationStatus: o.status ?? 'Pending' })
    .where(eq(users.id, userId));
}

export async function writeBank(db: Db, userId: string, o: { status?: VerificationStatus; submittedAt: Date; accountName: string }): Promise<void> {
  await db.insert(bankVerifications).values({
    userId,
    details: {
      bankAccountName: o.accountName,
      bankAccountNumber: '12345678',
      iban: '',
      swiftBic: '',
      bankName: 'Garden Bank',
      bankAddress: '',
      bankCountry: 'United Kingdom',
      sortCode: '12-34-56',
      routingNumber: '',
    },
    submittedAt: o.submittedAt,
    updatedAt: o.submittedAt,
  });
  await db
    .update(users)
    .set({ bankVerificationStatus: o.status ?? 'Pending' })
    .where(eq(users.id, userId));
}

export async function writeDocument(
  db: Db,
  userId: string,
  o: { slot: (typeof verificationDocuments.$inferInsert)['slot']; filename: string; contentType: string; uploadedAt: Date; supersededAt?: Date },
): Promise<string> {
  const [row] = await db
    .insert(verificationDocuments)
    .values({
      userId,
      slot: o.slot,
      fileKey: `identity/${o.filename}`,
      filename: o.filename,
      contentType: o.contentType,
      size: 1234,
      sha256: 'a'.repeat(64),
      uploadedAt: o.uploadedAt,
      supersededAt: o.supersededAt ?? null,
    })
    .returning({ id: verificationDocuments.id });
  if (!row) throw new Error('document not written');
  return row.id;
}

export async function statusesOf(db: Db, userId: string) {
  const [row] = await db.select({ profile: users.profileVerificationStatus, bank: users.bankVerificationStatus }).from(users).where(eq(users.id, userId));
  return row;
}
