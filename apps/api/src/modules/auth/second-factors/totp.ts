import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@landunits/domain';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { findUserByEmail } from '../../users';
import { totpCredentials } from '../schema';

/**
 * Authenticator codes (RFC 6238 with otpauth): SHA-1, 6 digits, 30-second steps, the common
 * settings every authenticator app reads from a QR code. A code is accepted for the current step
 * or one step either side (clock drift), and only for a step later than the last one accepted.
 */

/** One step either side of now: a phone clock 30 s off still works, an old code does not. */
export const TOTP_DRIFT_STEPS = 1;
const ISSUER = 'Land Units';

const totpOf = (secret: string, label = '') => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** The 30-second step a time falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** A new 160-bit secret for `email`'s app, with the otpauth URL and its QR code (SVG). */
export async function newTotpSecret(email: string): Promise<{ secret: string; otpauthUrl: string; qrCodeSvg: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, email).toString();
  const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCodeSvg };
}

/** The step a code matches at `at` (within the drift window), or null. */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: TOTP_DRIFT_STEPS });
  return delta === null ? null : stepAt(at) + delta;
}

/** The code of a step (tests and the demo use it as an app would). */
export const totpCodeAt = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });

export type TotpRow = typeof totpCredentials.$inferSelect;

export async function findTotp(db: Db, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  return row;
}

export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const row = await findTotp(db, userId);
  return Boolean(row?.confirmedAt);
}

/**
 * Accepts `code` once: it must match a step later than the last accepted one, and that step is
 * stored by the same guarded UPDATE, so two requests with one code cannot both pass. `pending`
 * checks an app not yet confirmed (its first code) instead of a confirmed one.
 */
export async function useTotpCode(ctx: AppContext, db: Db, userId: string, code: string, options: { pending?: boolean } = {}): Promise<boolean> {
  const row = await findTotp(db, userId);
  if (!row || Boolean(row.confirmedAt) === Boolean(options.pending)) return false;
  const step = matchingStep(row.secret, code, ctx.clock.now());
  if (step === null) return false;
  const confirmed = options.pending ? isNull(totpCredentials.confirmedAt) : isNotNull(totpCredentials.confirmedAt);
  const used = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step, ...(options.pending ? { confirmedAt: ctx.clock.now() } : {}) })
    .where(and(eq(totpCredentials.userId, userId), eq(totpCredentials.secret, row.secret), confirmed, or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step))))
    .returning({ userId: totpCredentials.userId });
  return used.length === 1;
}

/** Starts (or restarts) setting up an app: a new unconfirmed secret replaces any unconfirmed one. */
export async function savePendingTotp(db: Db, userId: string, secret: string, now: Date): Promise<boolean> {
  const saved = await db
    .insert(totpCredentials)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: { secret, createdAt: now, lastUsedStep: null }, setWhere: isNull(totpCredentials.confirmedAt) })
    .returning({ userId: totpCredentials.userId });
  return saved.length === 1;
}

export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
}

/**
 * Demo content: an authenticator app already set up for each demo admin (admin pages need one);
 * answers the lines that print their keys once, to add by hand to an app.
 */
export async function seedDemoAuthenticators(db: Db, emails: readonly string[]): Promise<string[]> {
  const notes = ['Their authenticator app keys (the admin pages need a code: add a key by hand to an app such as FreeOTP, Google Authenticator or 1Password):'];
  for (const email of emails) {
    const user = await findUserByEmail(db, email);
    if (!user) continue;
    const secret = new Secret({ size: 20 }).base32;
    const now = new Date();
    const saved = await db.insert(totpCredentials).values({ userId: user.id, secret, createdAt: now, confirmedAt: now }).onConflictDoNothing().returning({ userId: totpCredentials.userId });
    if (saved.length === 1) notes.push(`    ${email}: ${secret}`);
  }
  return notes;
}
