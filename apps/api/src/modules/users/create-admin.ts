import { randomBytes } from 'node:crypto';
import { EmailSchema, PasswordSchema, type AdminRole } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import { hashPassword } from '../../platform/security/passwords';

export class AdminExistsError extends Error {}

/** Creates a confirmed admin account with a role (OWNER unless said). Registration can never do this. */
export async function createAdmin(db: Db, input: { email: string; password: string; firstName?: string; role?: AdminRole }): Promise<{ email: string; adminRole: AdminRole }> {
  const email = EmailSchema.parse(input.email);
  const password = PasswordSchema.parse(input.password);
  const now = new Date();
  const [created] = await db
    .insert(users)
    .values({
      email,
      firstName: input.firstName ?? 'Admin',
      userType: 'USER',
      adminRole: input.role ?? 'OWNER',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ email: users.email, adminRole: users.adminRole });
  if (!created) throw new AdminExistsError(`An account with the email ${email} already exists.`);
  return { email: created.email, adminRole: created.adminRole ?? 'OWNER' };
}

export const DEMO_ADMIN_EMAIL = 'admin@landunits.example';

/**
 * The demo admins of a fresh embedded database, one per role, so that every section and the
 * four-eyes approvals (a second admin approves) can be tried at once. The OWNER comes first.
 */
export const DEMO_ADMINS: Readonly<Record<AdminRole, string>> = {
  OWNER: DEMO_ADMIN_EMAIL,
  FINANCE: 'finance@landunits.example',
  COMPLIANCE: 'compliance@landunits.example',
  SUPPORT: 'support@landunits.example',
};

/** Demo seeder: the demo admins with random passwords, printed once by `npm start`. */
export async function seedDemoAdmin(db: Db): Promise<string[]> {
  const notes = ['Demo admins created, one per role (shown once, keep them):'];
  for (const [role, email] of Object.entries(DEMO_ADMINS) as [AdminRole, string][]) {
    const password = `Lu${randomBytes(12).toString('base64url')}7`;
    const firstName = role === 'OWNER' ? 'Demo admin' : `Demo ${role.toLowerCase()}`;
    await createAdmin(db, { email, password, firstName, role });
    notes.push(`  ${role}`, `    email:    ${email}`, `    password: ${password}`);
  }
  return notes;
}
