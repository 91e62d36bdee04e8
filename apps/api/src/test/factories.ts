import type { AdminRole, SecondFactorKind, UnitType, VerificationStatus } from '@landunits/domain';
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { keepStepUpOfSession, signIn } from '../modules/auth';
import { postTransfers, systemHolder, userHolder } from '../modules/ledger';
import { insertPendingUser, markEmailConfirmed, setVerificationStatuses, setAdminRole } from '../modules/users';
import type { Db } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { TEST_ONLY_PASSWORD_HASHING } from '../platform/security/passwords';
import { PASSWORD, stepUp } from './accounts';

/**
 * Test data made through the modules' own functions, not by replaying the browser journey
 * (register, read the email, confirm): a confirmed account with a session in one transaction.
 * Every account's password is PASSWORD, stored as one hash computed once per worker, so signing
 * in with it over HTTP works too. Tests of registering and confirming use ./accounts.ts instead.
 */

export interface TestPerson {
  id: string;
  email: string;
  /** The value of the lu_session cookie of a session opened for them. */
  session: string;
}

export interface PersonOptions {
  email?: string;
  firstName?: string;
  lastName?: string | null;
  userType?: 'USER' | 'BUSINESS';
  businessName?: string | null;
  /** Profile and bank verification: true for both Approved, or each status. */
  verified?: boolean | { profile?: VerificationStatus; bank?: VerificationStatus };
  /** Owned LAND_POUND Units, given by a real ledger posting from the issuer's supply. */
  units?: number;
  /** Makes the account staff with this role (as the admin CLI and invitations do). */
  adminRole?: AdminRole;
  /**
   * How the session passed its second step: staff sessions pass an authenticator code unless
   * told otherwise (null: password only, which grants no admin permission).
   */
  secondFactor?: SecondFactorKind | null;
}

let passwordHash: Promise<string> | undefined;
/** The one stored hash of PASSWORD (argon2id, the test-only cheap parameters). */
const passwordHashOfTests = () => (passwordHash ??= argon2.hash(PASSWORD, TEST_ONLY_PASSWORD_HASHING));

let made = 0;
const newEmail = () => `person${++made}.${process.pid}.${Date.now().toString(36)}@factory.example`;

/** A confirmed person, signed in (first sign-in done, as after following the confirmation link). */
export async function createPerson(app: FastifyInstance, options: PersonOptions = {}): Promise<TestPerson> {
  const ctx = app.ctx;
  // Staff accounts hold no Units (decision 0037); a test of what old holdings allow gives them with giveUnits.
  if (options.adminRole && options.units) throw new Error('staff accounts hold no Units: give the Units to a customer');
  const email = options.email ?? newEmail();
  const details = {
    firstName: options.firstName ?? 'Ada',
    lastName: options.lastName === undefined ? 'Lovelace' : options.lastName,
    businessName: options.businessName ?? (options.userType === 'BUSINESS' ? 'Analytical Engines Ltd' : null),
    userType: options.userType ?? 'USER',
    passwordHash: await passwordHashOfTests(),
  };
  const person = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const created = await insertPendingUser(tx, email, details, now);
    if (!created) throw new Error(`an account with ${email} already exists`);
    await markEmailConfirmed(tx, created.id, now, undefined);
    if (options.adminRole) await setAdminRole(tx, created.id, options.adminRole, now);
    const verified = options.verified === true ? { profile: 'Approved' as const, bank: 'Approved' as const } : options.verified || undefined;
    if (verified) await setVerificationStatuses(tx, created.id, verified, now);
    const secondFactor = options.secondFactor === undefined ? (options.adminRole ? 'totp' : null) : options.secondFactor;
    const { token } = await signIn(ctx, tx, created.id, secondFactor ? { secondFactor } : {});
    return { id: created.id, email, session: token };
  });
  if (options.units) await giveUnits(ctx.db, person.id, options.units);
  return person;
}

/** Another session of a person, as a second sign-in would open (password only). */
export async function openSession(app: FastifyInstance, userId: string): Promise<string> {
  return inTransaction(app.ctx.db, async (tx) => (await signIn(app.ctx, tx, userId)).token);
}

/** The session cookie value of a person made by createPerson (the common case of a test). */
export async function personSession(app: FastifyInstance, email?: string, options: Omit<PersonOptions, 'email'> = {}): Promise<string> {
  return (await createPerson(app, { ...options, ...(email ? { email } : {}) })).session;
}

/** A staff account with `role`, signed in. */
export function createAdminPerson(app: FastifyInstance, role: AdminRole, options: Omit<PersonOptions, 'adminRole'> = {}): Promise<TestPerson> {
  return createPerson(app, { firstName: `Test ${role.toLowerCase()}`, lastName: null, ...options, adminRole: role });
}

/** Gives a person Units the way a completed buy would: a posting from the issuer's supply to their `owned` bucket. */
export async function giveUnits(db: Db, userId: string, units: number, unitType: UnitType = 'LAND_POUND'): Promise<void> {
  await inTransaction(db, (tx) => postTransfers(tx, [{ from: { holder: systemHolder('issuer'), unitType, bucket: 'supply' }, to: { holder: userHolder(userId), unitType, bucket: 'owned' }, units }]));
}

interface Answer {
  statusCode: number;
  json: () => unknown;
}

/**
 * Sends a request as `session` and, when the server asks for a step-up (403 STEP_UP_REQUIRED,
 * decision 0050), steps up and sends it once more, as the web app does after its dialog: a person
 * with the password, a staff session that passed its authenticator code as if it gave a fresh one
 * (tests of the step-up itself use the API's step-up with real codes and passkeys).
 */
export async function withStepUp<T extends Answer>(app: FastifyInstance, session: string | undefined, send: () => Promise<T>): Promise<T> {
  const first = await send();
  if (!session || first.statusCode !== 403) return first;
  const body = first.json() as { code?: string; errors?: { stepUp?: string } };
  const action = body.code === 'STEP_UP_REQUIRED' ? body.errors?.stepUp : undefined;
  if (!action) return first;
  if (action === 'admin-money') await keepStepUpOfSession(app.ctx, app.ctx.db, session, 'admin-money');
  else await stepUp(app, session, action);
  return send();
}
