import { MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** Recipient lookups per signed-in person: enough to type a few addresses, too few to sweep a list. */
export const recipientLookupLimit = (userId: string): Limit => ({ key: `recipient-lookup:user:${userId}`, max: 30, windowMs: MINUTE });
