import { HOUR } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/**
 * The newsletter's rate limits, keyed by socket address and by the address being subscribed. They
 * are counted before anything is looked up, so a 429 says nothing about who is subscribed.
 */
export const newsletterLimits = {
  subscribe: (ip: string, email: string): Limit[] => [
    { key: `newsletter:ip:${ip}`, max: 20, windowMs: HOUR },
    { key: `newsletter:email:${email}`, max: 5, windowMs: HOUR },
  ],
  /** Following confirmation links: far more than a person needs, far too few to guess a token. */
  confirm: (ip: string): Limit => ({ key: `newsletter-confirm:ip:${ip}`, max: 30, windowMs: HOUR }),
  /** One-click unsubscribes: a mail provider posts them from a few addresses for many people. */
  unsubscribe: (ip: string): Limit => ({ key: `unsubscribe:ip:${ip}`, max: 300, windowMs: HOUR }),
};
