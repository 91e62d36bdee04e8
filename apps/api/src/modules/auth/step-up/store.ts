import { STEP_UP_LIFETIME_MS, STEP_UP_REUSABLE, stepUpRequiredMessage, type StepUpAction, type StepUpMethod } from '@landunits/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { AppError } from '../../../platform/http/app-error';
import { hashToken } from '../../../platform/security/tokens';
import type { UserRow } from '../../users';
import { sessions, stepUps } from '../schema';
import { hasConfirmedTotp } from '../second-factors/totp';
import { listPasskeys } from '../passkeys/webauthn';

/**
 * Step-up (docs/decisions/0050-step-up.md). Before a sale, a transfer above the person's
 * threshold, a change of bank details, email or second factors, and an admin's decision on money,
 * the session proves again that it is its person. The proof is a row for (session, action) that
 * lasts five minutes; a person's action takes it by one DELETE … RETURNING in the action's own
 * transaction (so a refused action leaves it for the corrected retry), an admin's decisions read it.
 */

export interface StepUpCaller {
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'adminRole' | 'passwordHash'>;
  sessionId: string;
}

/**
 * The ways a person can step up: their passkeys and authenticator app, or a recovery code (for
 * someone who lost the other); the password only when they have set up neither. Staff always have
 * a passkey or an app (decision 0046) and use one of them: never a recovery code or the password.
 */
export async function stepUpMethods(db: Db, user: StepUpCaller['user']): Promise<StepUpMethod[]> {
  const [keys, totp] = await Promise.all([listPasskeys(db, user.id), hasConfirmedTotp(db, user.id)]);
  const factors: StepUpMethod[] = [...(keys.length > 0 ? (['passkey'] as const) : []), ...(totp ? (['totp'] as const) : [])];
  if (user.adminRole) return factors;
  return factors.length > 0 ? [...factors, 'recovery'] : ['password'];
}

/** Whether a person (not staff) has a passkey or an authenticator app: changes of their security then need a step-up. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [keys, totp] = await Promise.all([listPasskeys(db, userId), hasConfirmedTotp(db, userId)]);
  return keys.length > 0 || totp;
}

/** A passkey request for a step-up is bound to the session and the action. */
export const passkeyBinding = (caller: StepUpCaller, action: StepUpAction) => `${caller.sessionId}:${action}`;

/** Keeps a checked proof for (session, action) for five minutes from `now`, replacing an older one. */
export async function keepStepUp(db: Db, caller: { sessionId: string; user: { id: string } }, action: StepUpAction, method: StepUpMethod, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + STEP_UP_LIFETIME_MS);
  await db
    .insert(stepUps)
    .values({ sessionId: caller.sessionId, userId: caller.user.id, action, method, createdAt: now, expiresAt })
    .onConflictDoUpdate({ target: [stepUps.sessionId, stepUps.action], set: { method, createdAt: now, expiresAt } });
}

/**
 * The proof of a session opened as having passed its second factor just now (the test factory's
 * staff sessions): kept as if the person had stepped up with it for `action`.
 */
export async function keepStepUpOfSession(ctx: Pick<AppContext, 'clock'>, db: Db, token: string, action: StepUpAction): Promise<void> {
  const [session] = await db
    .select({ id: sessions.id, userId: sessions.userId, secondFactor: sessions.secondFactor })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!session?.secondFactor || session.secondFactor === 'recovery') throw new Error('only a session that passed a passkey or an authenticator code steps up this way');
  await keepStepUp(db, { sessionId: session.id, user: { id: session.userId } }, action, session.secondFactor, ctx.clock.now());
}

const required = (action: StepUpAction) => new AppError('STEP_UP_REQUIRED', stepUpRequiredMessage(action), { stepUp: action });

/** A proof taken by an action; one that did not happen (refused after taking it) gives it back. */
export interface TakenStepUp {
  giveBack: (db: Db) => Promise<void>;
}

/**
 * The action's proof, in the action's transaction: a person's is taken (used once; a rolled-back
 * action leaves it), an admin's decision on money reads it while it lasts. 403 STEP_UP_REQUIRED
 * (its `errors.stepUp` names the action) when there is none. `peek` only checks that there is
 * one (the first step of a change whose last step takes it).
 */
export async function requireStepUp(ctx: Pick<AppContext, 'clock'>, db: Db, caller: Pick<StepUpCaller, 'sessionId'>, action: StepUpAction, options: { peek?: boolean } = {}): Promise<TakenStepUp> {
  const now = ctx.clock.now();
  const current = and(eq(stepUps.sessionId, caller.sessionId), eq(stepUps.action, action), gt(stepUps.expiresAt, now));
  if (options.peek || STEP_UP_REUSABLE.includes(action)) {
    const [kept] = await db.select({ id: stepUps.id }).from(stepUps).where(current);
    if (!kept) throw required(action);
    return { giveBack: async () => {} };
  }
  const [taken] = await db.delete(stepUps).where(current).returning();
  if (!taken) throw required(action);
  return {
    giveBack: async (into) => {
      await into.insert(stepUps).values(taken).onConflictDoNothing();
    },
  };
}
