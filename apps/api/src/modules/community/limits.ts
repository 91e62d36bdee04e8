import { HOUR, MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** Asking: 5 questions per 10 minutes and 20 a day per person. */
export const askLimits = (userId: string): Limit[] => [
  { key: `community:ask:${userId}`, max: 5, windowMs: 10 * MINUTE },
  { key: `community:ask-day:${userId}`, max: 20, windowMs: 24 * HOUR },
];
/** Answering: 20 answers per 10 minutes per person. */
export const answerLimits = (userId: string): Limit[] => [{ key: `community:answer:${userId}`, max: 20, windowMs: 10 * MINUTE }];
/** Applying to become an agent: 3 an hour per person. */
export const applyLimits = (userId: string): Limit[] => [{ key: `community:apply:${userId}`, max: 3, windowMs: HOUR }];
