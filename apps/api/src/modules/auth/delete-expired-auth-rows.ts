import { lt, or, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { emailTokens, sessions, signInChallenges, stepUps } from './schema';

/** Deletes expired sessions, used or expired email tokens, sign-in challenges and step-up proofs (run periodically by the job runner). */
export async function deleteExpiredAuthRows(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)));
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.delete(stepUps).where(lt(stepUps.expiresAt, now));
}
