import { HOUR, MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** Like login: five wrong passwords per person in 15 minutes, then a wait. */
export const passwordFailuresLimit = (userId: string): Limit => ({ key: `email-change:password-fail:${userId}`, max: 5, windowMs: 15 * MINUTE });

/** Links sent to new addresses: five an hour per person, like the confirmation's resend. */
export const sendLinkLimit = (userId: string): Limit => ({ key: `email-change:send-link:${userId}`, max: 5, windowMs: HOUR });
