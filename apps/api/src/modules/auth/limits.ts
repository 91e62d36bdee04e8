import { HOUR, MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** The rate limits of the account endpoints, keyed by socket address and by email. */
export const limits = {
  loginPerIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 10, windowMs: MINUTE }),
  /** "This was not me" presses, apart from sign-ins so that failed logins from a shared address never block one. */
  notMePerIp: (ip: string): Limit => ({ key: `not-me:ip:${ip}`, max: 10, windowMs: MINUTE }),
  loginFailuresPerAccount: (email: string): Limit => ({ key: `login:fail:${email}`, max: 5, windowMs: 15 * MINUTE }),
  /** Wrong current passwords when changing it, like failed logins: 5 per account in 15 minutes. */
  passwordChangeFailuresPerAccount: (userId: string): Limit => ({ key: `password-change:fail:${userId}`, max: 5, windowMs: 15 * MINUTE }),
  /** Wrong second-step codes (authenticator or recovery): 5 per account in 15 minutes, whatever the challenge. */
  secondStepFailuresPerAccount: (userId: string): Limit => ({ key: `second-step:fail:${userId}`, max: 5, windowMs: 15 * MINUTE }),
  /** Wrong passwords or codes when changing a second factor, like failed logins. */
  securityChangeFailuresPerAccount: (userId: string): Limit => ({ key: `security-change:fail:${userId}`, max: 5, windowMs: 15 * MINUTE }),
  /** Step-up requests (each may make a passkey challenge): 60 an hour per account. */
  stepUpPerAccount: (userId: string): Limit => ({ key: `step-up:${userId}`, max: 60, windowMs: HOUR }),
  /** Starting an authenticator set-up (each makes a secret and a QR code). */
  totpSetupPerAccount: (userId: string): Limit => ({ key: `totp-setup:${userId}`, max: 10, windowMs: HOUR }),
  /** Registration, resend and forgot-password: 5 an hour per address and per email. */
  emailActionPerIp: (action: string, ip: string): Limit => ({ key: `${action}:ip:${ip}`, max: 5, windowMs: HOUR }),
  emailActionPerEmail: (action: string, email: string): Limit => ({ key: `${action}:email:${email}`, max: 5, windowMs: HOUR }),
};

export const emailActionLimits = (action: 'register' | 'resend' | 'forgot', ip: string, email: string) => [limits.emailActionPerIp(action, ip), limits.emailActionPerEmail(action, email)];
