import { HOUR, MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** Submitting: 5 ideas an hour per person. Supporting and withdrawing: 60 a minute per person. */
export const submitLimit = (userId: string): Limit => ({ key: `ideas:submit:${userId}`, max: 5, windowMs: HOUR });
export const supportLimit = (userId: string): Limit => ({ key: `ideas:support:${userId}`, max: 60, windowMs: MINUTE });
