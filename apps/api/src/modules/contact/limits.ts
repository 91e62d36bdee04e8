import { HOUR, MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** Contact form: 5 messages per 10 minutes per socket address, 5 an hour per sender address. */
export const contactLimits = (ip: string, email: string): Limit[] => [
  { key: `contact:ip:${ip}`, max: 5, windowMs: 10 * MINUTE },
  { key: `contact:email:${email}`, max: 5, windowMs: HOUR },
];
