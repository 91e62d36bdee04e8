import { MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** Reading the centre (the bell polls once a minute per tab): 120 a minute per person; marking: 60. */
export const readLimit = (userId: string): Limit => ({ key: `notifications:read:${userId}`, max: 120, windowMs: MINUTE });
export const markLimit = (userId: string): Limit => ({ key: `notifications:mark:${userId}`, max: 60, windowMs: MINUTE });

export const saveLimit = (userId: string): Limit => ({ key: `notifications:preferences:${userId}`, max: 30, windowMs: MINUTE });
