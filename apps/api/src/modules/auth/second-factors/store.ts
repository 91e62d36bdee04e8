import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, formatRecoveryCode } from '@landunits/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../../../platform/db/client';
import { hashToken } from '../../../platform/security/tokens';
import { recoveryCodes } from '../schema';

/**
 * Recovery codes: ten per person, 16 characters of a 31-letter alphabet (79 random bits) each, so
 * a SHA-256 of the code is enough to store (no salt or slow hash needed against guessing). Each
 * works once, as the second step of a sign-in after the password, never instead of it.
 */

const newCode = () => Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');

/** Replaces every recovery code of a person with ten new ones; answers them as shown (abcd-efgh-…). */
export async function replaceRecoveryCodes(tx: Db, userId: string, now: Date): Promise<string[]> {
  await deleteRecoveryCodes(tx, userId);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(code), createdAt: now })));
  return codes.map(formatRecoveryCode);
}

export async function deleteRecoveryCodes(tx: Db, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Uses one code (normalised by RecoveryCodeSchema) once: one guarded UPDATE, so it never works twice. */
export async function useRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** Unused codes left, or null when the person has none at all. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ all: count(), left: count(recoveryCodes.usedAt) })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  if (!row || row.all === 0) return null;
  return row.all - row.left;
}
