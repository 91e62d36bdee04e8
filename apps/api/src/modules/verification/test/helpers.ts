import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client';
import type { TestContext } from '../../../test/app';
import { form, storedFiles, type Part } from '../../../test/multipart';

export { storedFiles } from '../../../test/multipart';

/** Helpers for the verification tests: the forms as the pages send them, and what is stored. */

/** A small well-formed PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export const pdf = (name: string, filename = `${name}.pdf`): Part => ({ name, filename, type: 'application/pdf', content: PDF });

const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, content]) => ({ name, content }));

export const TODAY = '2026-11-25';

/** A complete individual's profile form (valid for a submission on TODAY). */
export function userProfile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address: { houseNumber: '12', streetAddress: 'Meadow Lane', townCity: 'Bristol', postcode: 'BS1 4DJ', country: 'United Kingdom' },
    contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7700900123' },
    optionalNote: '',
    passport: { passportNumber: 'AB123456', issuingCountry: 'United Kingdom', startDate: '2020-01-01', expiryDate: '2030-01-01' },
    ...overrides,
  };
}

export function businessProfile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { passport: _passport, ...rest } = userProfile();
  return { ...rest, businessInfo: { businessName: 'Acme Farms', registrationNumber: 'REG-123', vatNumber: '' }, ...overrides };
}

export interface ProfilePost {
  firstName?: string;
  lastName?: string;
  email?: string;
  kycStatus: string;
  kycInfo?: Record<string, unknown>;
  files?: Part[];
  rawKycInfo?: string;
}

export function postProfile(app: FastifyInstance, session: string | undefined, p: ProfilePost) {
  const kycInfo = p.rawKycInfo ?? JSON.stringify({ ...(p.kycInfo ?? {}), kycStatus: p.kycStatus });
  const text = fields({ firstName: p.firstName ?? 'Ada', lastName: p.lastName ?? 'Lovelace', ...(p.email !== undefined ? { email: p.email } : {}), kycInfo });
  return app.inject({ method: 'POST', url: '/api/user/update_profile', ...form([...text, ...(p.files ?? [])]), ...(session ? { cookies: { lu_session: session } } : {}) });
}

export const GOOD_BANK = { bankAccountName: 'Ada Lovelace', bankAccountNumber: '12345678', sortCode: '12-34-56', bankName: 'Bank of Bristol' };

export function postBank(app: FastifyInstance, session: string, values: Record<string, string>, files: Part[] = []) {
  return app.inject({ method: 'POST', url: '/api/user/update-bank', ...form([...fields(values), ...files]), cookies: { lu_session: session } });
}

export function getOverview(app: FastifyInstance, session: string) {
  return app.inject({ method: 'GET', url: '/api/user/verification', cookies: { lu_session: session } });
}

export function withdraw(app: FastifyInstance, session: string, verification: string) {
  return app.inject({ method: 'POST', url: '/api/user/verification/withdraw', payload: { verification }, cookies: { lu_session: session } });
}

/** Everything a refused request must leave as it was: the person's statuses, verification rows and files. */
export async function snapshot(ctx: TestContext, userId: string) {
  const rows = (query: SQL) => queryRows<Record<string, unknown>>(ctx.database.db, query);
  return {
    user: await rows(sql`select profile_verification_status, bank_verification_status, first_name, last_name, business_name from users where id = ${userId}`),
    profile: await rows(sql`select * from profile_verifications where user_id = ${userId}`),
    bank: await rows(sql`select * from bank_verifications where user_id = ${userId}`),
    documents: await rows(sql`select * from verification_documents where user_id = ${userId} order by uploaded_at, id`),
    events: await rows(sql`select * from verification_events where user_id = ${userId} order by at, id`),
    files: await storedFiles(ctx),
  };
}
