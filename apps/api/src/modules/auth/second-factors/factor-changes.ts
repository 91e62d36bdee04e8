import { grantsAdmin, SECURITY_MESSAGES, type SecondFactorKind, type StaffSecurityEvent } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/transaction';
import { AppError } from '../../../platform/http/app-error';
import { enqueueEmail } from '../../../platform/mail/outbox';
import { verifyPassword } from '../../../platform/security/passwords';
import { notify } from '../../notifications';
import { lockUserById, type UserRow } from '../../users';
import { limits } from '../limits';
import { links } from '../links';
import { startMoneyHold } from '../money-holds';
import { useRecoveryCode } from './store';
import { SECOND_FACTOR_CHANGED, secondFactorChangedEmail, type SecondFactorChange } from '../emails';
import { hasConfirmedTotp, useTotpCode } from './totp';
import { listPasskeys } from '../passkeys/webauthn';
import { auditStaffSecurity } from '../store';

/** A person's own second factors (docs/decisions/0046, 0047): the authenticator app, recovery codes and the overview with passkeys. */

export interface Caller {
  user: UserRow;
  sessionId: string;
  secondFactor: SecondFactorKind | null;
}

export const fieldError = (field: 'code' | 'password', message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** The password, checked like at login; wrong guesses count towards the account's limit. */
export async function checkPassword(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  const failures = limits.securityChangeFailuresPerAccount(user.id);
  await ctx.limiter.check(failures);
  if (await verifyPassword(user.passwordHash, password)) return;
  await ctx.limiter.count(failures);
  throw fieldError('password', SECURITY_MESSAGES.passwordWrong);
}

/**
 * Staff who have a passkey or an app change their factors only from a session that passed one: a
 * recovery code (with the password) must not let someone swap in their own factor and reach the
 * admin area. Staff who lost every factor ask an operator (admin:reset-second-factor).
 */
export async function guardStaffFactorChange(db: Db, caller: Caller): Promise<void> {
  if (!caller.user.adminRole || grantsAdmin(caller.secondFactor)) return;
  if ((await hasConfirmedTotp(db, caller.user.id)) || (await listPasskeys(db, caller.user.id)).length > 0) throw new AppError('SECOND_FACTOR_REQUIRED', SECURITY_MESSAGES.staffChangeNeedsFactor);
}

/** The account's row, locked: changes of its second factors are made one at a time. */
export async function lockFactors(tx: Db, userId: string): Promise<void> {
  await lockUserById(tx, userId);
}

/** A current app code or an unused recovery code, used up by this change. */
export async function useAppOrRecoveryCode(ctx: AppContext, tx: Db, user: UserRow, code: string): Promise<void> {
  const ok = /^\d{6}$/.test(code) ? await useTotpCode(ctx, tx, user.id, code) : await useRecoveryCode(tx, user.id, code, ctx.clock.now());
  if (!ok) throw fieldError('code', SECURITY_MESSAGES.appOrRecoveryCodeWrong);
}

/**
 * Runs a change in one transaction; a wrong code rolls it back and counts towards the account's
 * limit, after the transaction (the limiter may use the database).
 */
export async function withCode<T>(ctx: AppContext, user: UserRow, change: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(ctx.db, change);
  } catch (error) {
    if (error instanceof AppError && error.errors?.code) await ctx.limiter.count(limits.securityChangeFailuresPerAccount(user.id));
    throw error;
  }
}

/** The changes that take a second factor away: each starts the 48-hour cooling-off (decision 0049). */
const REMOVALS: readonly SecondFactorChange[] = ['removed', 'passkey-removed', 'reset'];

/**
 * Emails the person and adds a notification about a change of their second factors; a removal
 * also starts the cooling-off on their sales, transfers and payouts, which the email states.
 */
export async function tell(ctx: Pick<AppContext, 'clock' | 'config'>, tx: Db, user: UserRow, change: SecondFactorChange, detail?: string): Promise<void> {
  const moneyHoldUntil = (REMOVALS.includes(change) ? await startMoneyHold(tx, user.id, 'second-factor-removed', ctx.clock.now()) : null) ?? undefined;
  await enqueueEmail(ctx, tx, secondFactorChangedEmail({ to: user.email, firstName: user.firstName, change, detail, forgotLink: links(ctx).forgot(), moneyHoldUntil }));
  await notify(tx, { userId: user.id, ...SECOND_FACTOR_CHANGED[change], at: ctx.clock.now() });
  await auditStaffSecurity(tx, user, AUDITED_CHANGES[change], ctx.clock.now(), change === 'reset' ? { by: 'an operator (npm run admin:reset-second-factor)' } : detail ? { detail } : undefined);
}

const AUDITED_CHANGES: Record<SecondFactorChange, StaffSecurityEvent> = {
  added: 'totp.added',
  removed: 'totp.removed',
  codes: 'recoveryCodes.replaced',
  'passkey-added': 'passkey.added',
  'passkey-removed': 'passkey.removed',
  reset: 'secondFactors.reset',
};
