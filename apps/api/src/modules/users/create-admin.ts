import { randomBytes } from 'node:crypto';
import { EmailSchema, PasswordSchema, type AdminRole } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { users } from './schema';
import { hashPassword } from '../../platform/security/passwords';

export class AdminExistsError extends Error {}

/** Creates a confirmed admin account with a role (OWNER unless said). Registration can never do this. */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; firstName?: string; role?: AdminRole },
): Promise<{ email: string; adminRole: AdminRole }> {
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

/** Demo seeder: an admin with a random password, printed once by `npm start`. */
export async function seedDemoAdmin(db: Db): Promise<string[]> {
  const password = `Lu${randomBytes(12).toString('base64url')}7`;
  await createAdmin(db, { email: DEMO_ADMIN_EMAIL, password, firstName: 'Demo admin', role: 'OWNER' });
  return [
    'Demo admin created (shown once, keep it):',
    `    email:    ${DEMO_ADMIN_EMAIL}`,
    `    password: ${password}`,
  ];
}
