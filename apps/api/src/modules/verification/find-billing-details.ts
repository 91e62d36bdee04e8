import type { ProfileForm } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { profileVerifications } from './schema';

/** What an invoice prints of its customer beyond their name: the address and business details last saved on the profile. */
export interface BillingDetails {
  /** The address as lines (house and street, town and postcode, country); empty when none was saved. */
  addressLines: string[];
  businessName: string;
  registrationNumber: string;
  vatNumber: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');
const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ');

/** The billing details of a person's saved profile (whatever its review status), or empty ones. */
export async function billingDetailsOf(db: Db, userId: string): Promise<BillingDetails> {
  const [row] = await db.select({ details: profileVerifications.details }).from(profileVerifications).where(eq(profileVerifications.userId, userId));
  const form = (row?.details && typeof row.details === 'object' ? row.details : {}) as Partial<ProfileForm>;
  const address = form.address && typeof form.address === 'object' ? form.address : undefined;
  const addressLines = address ? [joined(address.houseNumber, address.streetAddress), joined(address.townCity, address.postcode), text(address.country)].filter(Boolean) : [];
  const business = form.businessInfo && typeof form.businessInfo === 'object' ? form.businessInfo : undefined;
  return {
    addressLines,
    businessName: text(business?.businessName),
    registrationNumber: text(business?.registrationNumber),
    vatNumber: text(business?.vatNumber),
  };
}
