import { grantsAdmin, SECURITY_MESSAGES, type SecondFactorKind, type StaffSecurityEvent } from '@landunits/domain';
import type { SecurityOverview } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { verifyPassword } from '../../platform/security/passwords';
import { notify } from '../notifications';
import { findUserByEmail, lockUserById, type UserRow } from '../users';
import { describeDevice } from './devices';
import { limits } from './limits';
import { links } from './links';
import { activeMoneyHold, startMoneyHold } from './money-holds';
import { hasSecondFactor, requireStepUp } from './step-up';
import { safeguardsView, transferSafeguardsOf } from './money-safeguards';
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes';
import { SECOND_FACTOR_CHANGED, secondFactorChangedEmail, type SecondFactorChange } from './security-emails';
import { clearSessionsSecondFactor, deleteUserSessions, listUserSessions, markSessionSecondFactor } from './sessions';
import { deleteTotp, findTotp, hasConfirmedTotp, newTotpSecret, savePendingTotp, useTotpCode } from './totp';
import { deletePasskeys, listPasskeys } from './webauthn';
import { auditStaffSecurity } from './staff-audit';

/** A person's own second factors (docs/decisions/0046, 0047): the authenticator app, recovery codes and the overview with passkeys. */

/** An app set up but not confirmed within this long must be scanned again. */
const SETUP_LIFETIME_MS = 30 * 60_000;

export interface Caller {
  user: UserRow;
  sessionId: string;
  secondFactor: SecondFactorKind | null;
}

const fieldError = (field: 'code' | 'password', message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

export async function securityOverview(ctx: AppContext, caller: Caller): Promise<SecurityOverview> {
  const { user, sessionId } = caller;
  const now = ctx.clock.now();
  const [totp, keys, left, open, moneyHold, safeguards] = await Promise.all([
    findTotp(ctx.db, user.id),
    listPasskeys(ctx.db, user.id),
    recoveryCodesLeft(ctx.db, user.id),
    listUserSessions(ctx.db, user.id, now),
    activeMoneyHold(ctx.db, user.id, now),
    transferSafeguardsOf(ctx.db, user.id, now),
  ]);
  return {
    totp: { enabled: Boolean(totp?.confirmedAt), enabledAt: totp?.confirmedAt?.toISOString() ?? null },
    passkeys: keys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null, synced: p.backedUp })),
    recoveryCodesLeft: totp?.confirmedAt || keys.length > 0 ? left : null,
    adminNeedsSecondFactor: Boolean(user.adminRole) && !grantsAdmin(caller.secondFactor),
    sessions: open.map((s) => ({
      id: s.id,
      current: s.id === sessionId,
      device: describeDevice(s.userAgent),
      ipAddress: s.ipAddress,
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastSeenAt.toISOString(),
      secondFactor: s.secondFactor,
    })),
    moneyHold,
    ...safeguardsView(safeguards),
  };
}

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
async function useAppOrRecoveryCode(ctx: AppContext, tx: Db, user: UserRow, code: string): Promise<void> {
  const ok = /^\d{6}$/.test(code) ? await useTotpCode(ctx, tx, user.id, code) : await useRecoveryCode(tx, user.id, code, ctx.clock.now());
  if (!ok) throw fieldError('code', SECURITY_MESSAGES.appOrRecoveryCodeWrong);
}

/**
 * Runs a change in one transaction; a wrong code rolls it back and counts towards the account's
 * limit, after the transaction (the limiter may use the database).
 */
async function withCode<T>(ctx: AppContext, user: UserRow, change: (tx: Db) => Promise<T>): Promise<T> {
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

/** Starts setting up the app; a person who has a passkey confirms it with it first (decision 0050). */
export async function startTotpSetup(ctx: AppContext, caller: Caller) {
  const { user } = caller;
  await ctx.limiter.hit(limits.totpSetupPerAccount(user.id));
  if ((await findTotp(ctx.db, user.id))?.confirmedAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadySet);
  await guardStaffFactorChange(ctx.db, caller);
  // Taken when the app is confirmed (confirmTotp): a set-up left unfinished does not use it.
  if (await hasSecondFactor(ctx.db, user.id)) await requireStepUp(ctx, ctx.db, caller, 'second-factors', { peek: true });
  const setup = await newTotpSecret(user.email);
  if (!(await savePendingTotp(ctx.db, user.id, setup.secret, ctx.clock.now()))) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadySet);
  return setup;
}

/**
 * Confirms the app with its first code and the password; makes the ten recovery codes (shown
 * once). When it is the account's first second factor, this session counts as having passed it,
 * so an admin setting it up at first sign-in goes on to the admin area.
 */
export async function confirmTotp(ctx: AppContext, caller: Caller, input: { code: string; password: string }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  await guardStaffFactorChange(ctx.db, caller);
  const pending = await findTotp(ctx.db, user.id);
  if (pending?.confirmedAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadySet);
  if (!pending || ctx.clock.now().getTime() - pending.createdAt.getTime() > SETUP_LIFETIME_MS) throw new AppError('CONFLICT', SECURITY_MESSAGES.setupExpired);
  return withCode(ctx, user, async (tx) => {
    await lockFactors(tx, user.id);
    if (!(await useTotpCode(ctx, tx, user.id, input.code, { pending: true }))) throw fieldError('code', SECURITY_MESSAGES.codeWrong);
    // Beside a passkey, the step-up asked for at the set-up's start (decision 0050); a refusal rolls the code's use back.
    if ((await listPasskeys(tx, user.id)).length > 0) await requireStepUp(ctx, tx, caller, 'second-factors');
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id, ctx.clock.now());
    if ((await listPasskeys(tx, user.id)).length === 0) await markSessionSecondFactor(tx, caller.sessionId, 'totp');
    await tell(ctx, tx, user, 'added');
    return { message: SECURITY_MESSAGES.totpSet, recoveryCodes };
  });
}

/**
 * Removes the app and its recovery codes; no session of the person counts as having passed it any
 * more. Staff remove it only with a code from the app: with a recovery code, someone holding the
 * password and the codes could swap in their own app and reach the admin area (a recovery code
 * grants no admin rights); staff who lost the app ask an operator (admin:reset-second-factor).
 */
export async function removeTotp(ctx: AppContext, caller: Caller, input: { code: string; password: string }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  if (user.adminRole && !/^\d{6}$/.test(input.code)) throw fieldError('code', SECURITY_MESSAGES.staffRemoveNeedsApp);
  if (!(await findTotp(ctx.db, user.id))?.confirmedAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpNotSet);
  return withCode(ctx, user, async (tx) => {
    await lockFactors(tx, user.id);
    await useAppOrRecoveryCode(ctx, tx, user, input.code);
    const passkeysLeft = (await listPasskeys(tx, user.id)).length > 0;
    if (user.adminRole && !passkeysLeft) throw new AppError('CONFLICT', SECURITY_MESSAGES.staffKeepSecondFactor);
    await deleteTotp(tx, user.id);
    // The recovery codes stay while a passkey does: they are its way back in.
    if (!passkeysLeft) await deleteRecoveryCodes(tx, user.id);
    await clearSessionsSecondFactor(tx, user.id, 'totp');
    await tell(ctx, tx, user, 'removed');
    return { message: SECURITY_MESSAGES.totpRemoved };
  });
}

export async function regenerateRecoveryCodes(ctx: AppContext, caller: Caller, input: { code: string; password: string }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  if (!(await findTotp(ctx.db, user.id))?.confirmedAt && (await listPasskeys(ctx.db, user.id)).length === 0) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpNotSet);
  return withCode(ctx, user, async (tx) => {
    await useAppOrRecoveryCode(ctx, tx, user, input.code);
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id, ctx.clock.now());
    await tell(ctx, tx, user, 'codes');
    return { message: SECURITY_MESSAGES.recoveryCodesMade, recoveryCodes };
  });
}

/**
 * An operator's reset (npm run admin:reset-second-factor) for someone who lost their app, passkeys
 * and every recovery code: they all go, every session ends, and the person is emailed that all
 * of them went. They sign in with the password and set up an app or a passkey again. Answers false when no account has that email.
 */
export async function resetSecondFactors(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, email: string): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    // The account's row first, as every change of second factors takes it (lockFactors).
    await lockFactors(tx, user.id);
    await deleteTotp(tx, user.id);
    await deletePasskeys(tx, user.id);
    await deleteRecoveryCodes(tx, user.id);
    await deleteUserSessions(tx, user.id);
    await tell(ctx, tx, user, 'reset');
    return true;
  });
}
