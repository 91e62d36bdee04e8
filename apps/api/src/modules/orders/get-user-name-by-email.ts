import { MAKER_CHECKER_MESSAGES, ORDER_MESSAGES } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { findActiveUserByEmail } from '../users';
import { shortName } from './store';

/**
 * GET /api/user/getUserNameByEmail: the short name ('Ada L.') of the confirmed account with this
 * email, so a sender can check whom a transfer goes to. The caller's own address, unknown and
 * unconfirmed accounts all get the same 404; a staff account, which receives no Units
 * (decision 0037), gets a 404 that says so.
 */
export async function getUserNameByEmail(ctx: AppContext, caller: { id: string }, email: string): Promise<{ name: string }> {
  const person = await findActiveUserByEmail(ctx.db, email);
  if (!person || person.id === caller.id) throw new AppError('RECIPIENT_NOT_FOUND', ORDER_MESSAGES.noSuchRecipient);
  if (person.adminRole) throw new AppError('RECIPIENT_NOT_FOUND', MAKER_CHECKER_MESSAGES.staffRecipient);
  return { name: shortName(person) };
}
