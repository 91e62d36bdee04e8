import type { AppContext } from '../../../platform/context';
import { inTransaction } from '../../../platform/db/transaction';
import { findUserByEmail } from '../../users';
import { deleteRecoveryCodes } from './store';
import { deleteUserSessions } from '../sessions/store';
import { deleteTotp } from './totp';
import { deletePasskeys } from '../passkeys/webauthn';
import { lockFactors, tell } from './factor-changes';

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
