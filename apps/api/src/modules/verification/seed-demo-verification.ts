import { addDaysIso, bankFormSchema, profileFormSchema, utcIsoDate, type ProfileForm } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { findActiveUserByEmail } from '../users';
import { bankVerifications, profileVerifications, verificationEvents } from './schema';

/**
 * Demo seeder (after the demo orders): the demo person's profile and bank details behind the
 * Approved statuses they were created with, so their settings pages show a complete verification.
 * The details pass the same schemas as a real submission; there are no demo documents.
 */
export async function seedDemoVerification(db: Db, email: string): Promise<string[]> {
  const person = await findActiveUserByEmail(db, email);
  if (!person) throw new Error(`seedDemoVerification needs ${email}`);
  const now = new Date();
  const today = utcIsoDate(now);
  const profile: ProfileForm = profileFormSchema({ mode: 'submit', userType: 'USER', today }).parse({
    firstName: person.firstName,
    lastName: person.lastName ?? '',
    address: { houseNumber: '12', streetAddress: 'Orchard Lane', townCity: 'Bristol', postcode: 'BS1 4DJ', country: 'United Kingdom' },
    contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7700900123' },
    optionalNote: '',
    passport: { passportNumber: 'DEMO123456', issuingCountry: 'United Kingdom', startDate: addDaysIso(today, -400), expiryDate: addDaysIso(today, 3000) },
  });
  const bank = bankFormSchema('submit').parse({
    bankAccountName: `${person.firstName} ${person.lastName ?? ''}`.trim(),
    bankAccountNumber: '12345678',
    sortCode: '12-34-56',
    bankName: 'Demo Bank',
    bankCountry: 'United Kingdom',
  });
  await db.insert(profileVerifications).values({ userId: person.id, details: profile, passportExpiryDate: profile.passport!.expiryDate, submittedAt: now, decidedAt: now, updatedAt: now });
  await db.insert(bankVerifications).values({ userId: person.id, details: bank, submittedAt: now, decidedAt: now, updatedAt: now });
  await db.insert(verificationEvents).values([
    { userId: person.id, verification: 'profile', action: 'approved', reason: 'Demo account', at: now },
    { userId: person.id, verification: 'bank', action: 'approved', reason: 'Demo account', at: now },
  ]);
  return [];
}
