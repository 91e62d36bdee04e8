import { ACTIVATION_NOTICE, moneyHoldEmailLine } from '@landunits/domain';
import { hello, renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The account emails, on the shared layout. */

export function confirmEmail(m: { to: string; firstName: string; link: string; resent: boolean }): EmailMessage {
  return renderEmail(m.to, {
    subject: m.resent ? 'Your new Land Units activation link' : 'Activate your Land Units account',
    greeting: hello(m),
    paragraphs: [
      'Thank you for registering with Land Units. Please confirm your email address to activate your account.',
      ...(m.resent ? ['This link replaces any activation link we sent you before.'] : []),
    ],
    action: { label: 'Activate my account', url: m.link },
    after: [ACTIVATION_NOTICE, 'If you did not register, ignore this email and no account will be created.'],
  });
}

export function alreadyRegisteredEmail(m: { to: string; firstName: string; loginLink: string; forgotLink: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Someone tried to register with your email address',
    greeting: hello(m),
    paragraphs: [
      'Someone, perhaps you, tried to register a new Land Units account with this email address. You already have an account, so nothing was changed.',
      `To sign in, go to ${m.loginLink}. If you forgot your password, reset it at ${m.forgotLink}.`,
    ],
    after: ['If this was not you, you can ignore this email: your account is safe.'],
  });
}

export function resetPasswordEmail(m: { to: string; firstName: string; link: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Reset your Land Units password',
    greeting: hello(m),
    paragraphs: ['We received a request to reset the password of your Land Units account.'],
    action: { label: 'Choose a new password', url: m.link },
    after: ['The link works once and expires in 1 hour. Resetting your password signs you out everywhere.', 'If you did not ask for this, ignore this email: your password stays as it is.'],
  });
}

/** After a reset (every session ends) or a change from the settings (`kept`: the session that made it stays). */
export function passwordChangedEmail(m: { to: string; firstName: string; forgotLink: string; kept?: 'this one'; moneyHoldUntil?: Date }): EmailMessage {
  return renderEmail(m.to, {
    subject: m.kept ? 'Your password was changed' : 'Your Land Units password was changed',
    greeting: hello(m),
    paragraphs: [
      m.kept
        ? 'The password of your Land Units account has just been changed in your settings. Every other device where you were signed in has been signed out.'
        : 'The password of your Land Units account has just been changed, and every session was signed out.',
      ...(m.moneyHoldUntil ? [moneyHoldEmailLine(m.moneyHoldUntil)] : []),
      `If this was not you, reset your password now at ${m.forgotLink} and contact us.`,
    ],
  });
}

/** Someone registered with the address of an admin invitation not yet accepted: nothing changed. */
export function invitationWaitingEmail(m: { to: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your Land Units admin invitation is waiting',
    greeting: 'Hello,',
    paragraphs: [
      'Someone, perhaps you, tried to register a Land Units account with this email address. This address has an invitation to the Land Units administration waiting, so nothing was changed.',
      'To join, open the link in the invitation email and choose your password. If the link has expired, ask the owner who invited you to send a new one.',
    ],
  });
}

/** The notification centre's line of a password change (security: its email is always sent). */
export const PASSWORD_CHANGED = {
  category: 'security',
  title: 'Your password was changed',
  body: 'If you did not change it, reset your password now and contact us.',
  link: '/dashboard/settings/change-password',
} as const;

/** The security emails of second factors and devices, on the shared layout (always sent: security). */

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function newDeviceEmail(m: { to: string; firstName: string; device: string; ipAddress: string; at: Date; notMeLink: string; securityLink: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'New sign-in to your Land Units account',
    greeting: hello(m),
    paragraphs: [
      `Your Land Units account was just signed in to from a device it had not seen before: ${m.device}, from the address ${m.ipAddress}, at ${when(m.at)}.`,
      'If this was you, there is nothing to do.',
    ],
    action: { label: 'See where you are signed in', url: m.securityLink },
    after: [`If this was not you, open ${m.notMeLink} ("This was not me"): it signs you out everywhere and locks sales, transfers and payouts until you reset your password. Then contact us.`],
  });
}

/** After "This was not me": signed out everywhere, money locked, and the way to reset the password. */
export function notMeEmail(m: { to: string; firstName: string; resetLink: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your Land Units account is locked until you reset your password',
    greeting: hello(m),
    paragraphs: [
      'You told us that a new sign-in to your Land Units account was not you. Every session has been signed out, and sales, transfers and payouts are locked until you reset your password.',
      'Choose a new password you have not used anywhere else. The link works for one hour; after that, ask for a new one on the sign-in page.',
    ],
    action: { label: 'Reset my password', url: m.resetLink },
    after: ['If you also use this password elsewhere, change it there too, then contact us.'],
  });
}

/** A recovery code used to sign in, or (`forConfirming`) to confirm it was the person before a sale, transfer or change (step-up). */
export function recoveryCodeUsedEmail(m: { to: string; firstName: string; left: number; securityLink: string; forgotLink: string; forConfirming?: boolean }): EmailMessage {
  const use = m.forConfirming ? 'to confirm it was you before a sale, transfer or change' : 'to sign in';
  return renderEmail(m.to, {
    subject: `A recovery code was used ${m.forConfirming ? 'on your account' : 'to sign in'}`,
    greeting: hello(m),
    paragraphs: [
      `One of your recovery codes was just used ${use} on your Land Units account. It will not work again; you have ${m.left} left.`,
      'If you no longer have your authenticator app, set it up again and make new recovery codes in your security settings.',
    ],
    action: { label: 'Open security settings', url: m.securityLink },
    after: [`If this was not you, reset your password now at ${m.forgotLink} and contact us.`],
  });
}

export function secondStepFailedEmail(m: { to: string; firstName: string; ipAddress: string; at: Date; forgotLink: string; securityLink: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Someone entered your password but not your second factor',
    greeting: hello(m),
    paragraphs: [
      `Your Land Units password was entered correctly from the address ${m.ipAddress} at ${when(m.at)}, then the second step failed five times, so that sign-in was stopped.`,
      'If this was you, sign in again and use your passkey, your authenticator app or a recovery code.',
    ],
    action: { label: 'See where you are signed in', url: m.securityLink },
    after: [`If this was not you, someone knows your password: change it now at ${m.forgotLink} (it signs you out everywhere), then contact us.`],
  });
}

export type SecondFactorChange = 'added' | 'removed' | 'codes' | 'passkey-added' | 'passkey-removed' | 'reset';

const CHANGE_EMAILS: Record<SecondFactorChange, { subject: string; what: string }> = {
  added: { subject: 'Your authenticator app is set up', what: 'An authenticator app was set up for your Land Units account just now.' },
  removed: { subject: 'Your authenticator app was removed', what: 'The authenticator app was removed from your Land Units account just now.' },
  codes: { subject: 'Your recovery codes were replaced', what: 'New recovery codes were made for your Land Units account just now.' },
  'passkey-added': { subject: 'A passkey was added to your account', what: 'A passkey was added to your Land Units account just now.' },
  'passkey-removed': { subject: 'A passkey was removed from your account', what: 'A passkey was removed from your Land Units account just now.' },
  reset: {
    subject: 'Your second factors were reset',
    what: 'Our team reset the second factors of your Land Units account just now: your authenticator app, every passkey and every recovery code were removed, and you were signed out everywhere. Sign in with your password, then set up an authenticator app or a passkey again.',
  },
};

export function secondFactorChangedEmail(m: { to: string; firstName: string; change: SecondFactorChange; detail?: string; forgotLink: string; moneyHoldUntil?: Date }): EmailMessage {
  const { subject, what } = CHANGE_EMAILS[m.change];
  return renderEmail(m.to, {
    subject,
    greeting: hello(m),
    paragraphs: [m.detail ? `${what} ${m.detail}` : what, ...(m.moneyHoldUntil ? [moneyHoldEmailLine(m.moneyHoldUntil)] : [])],
    after: [`If this was not you, reset your password now at ${m.forgotLink} and contact us.`],
  });
}

const SECURITY_LINK = '/dashboard/settings/security';

/** The notification centre's lines of security events (their emails are always sent). */
export const NEW_DEVICE = (device: string) =>
  ({ category: 'security', title: 'New sign-in from a new device', body: `${device}. If this was not you, reset your password now.`, link: SECURITY_LINK }) as const;
export const MONEY_LOCKED = {
  category: 'security',
  title: 'Signed out everywhere, money locked',
  body: 'You told us a new sign-in was not you. Reset your password to unlock sales, transfers and payouts.',
  link: '/login-forgot',
} as const;
export const SECOND_STEP_FAILED = {
  category: 'security',
  title: 'A sign-in was stopped at the second step',
  body: 'Your password was entered, then the second step failed five times. If this was not you, change your password now.',
  link: SECURITY_LINK,
} as const;
export const RECOVERY_CODE_USED_TO_CONFIRM = {
  category: 'security',
  title: 'A recovery code was used on your account',
  body: 'It confirmed a sale, transfer or change and will not work again. Make new codes if you are running low.',
  link: SECURITY_LINK,
} as const;

export const RECOVERY_CODE_USED = {
  category: 'security',
  title: 'A recovery code was used to sign in',
  body: 'It will not work again. Make new codes if you are running low.',
  link: SECURITY_LINK,
} as const;
export const SECOND_FACTOR_CHANGED = {
  added: { category: 'security', title: 'Authenticator app set up', body: 'Signing in now asks for a code from the app.', link: SECURITY_LINK },
  removed: { category: 'security', title: 'Authenticator app removed', body: 'Signing in no longer asks for a code from the app.', link: SECURITY_LINK },
  codes: { category: 'security', title: 'New recovery codes made', body: 'The old codes no longer work.', link: SECURITY_LINK },
  'passkey-added': { category: 'security', title: 'Passkey added', body: 'You can sign in with it instead of a password.', link: SECURITY_LINK },
  'passkey-removed': { category: 'security', title: 'Passkey removed', body: 'It no longer signs you in.', link: SECURITY_LINK },
  reset: { category: 'security', title: 'Second factors reset', body: 'Your app, passkeys and recovery codes were removed. Set up an app or a passkey again.', link: SECURITY_LINK },
} as const;

/** A change of the person's own safeguards on transfers: the step-up threshold or the daily limit. */
export function safeguardChangedEmail(m: { to: string; firstName: string; subject: string; what: string; securityLink: string; forgotLink: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: m.subject,
    greeting: hello(m),
    paragraphs: [m.what],
    action: { label: 'Open security settings', url: m.securityLink },
    after: [`If this was not you, reset your password now at ${m.forgotLink} and contact us.`],
  });
}

export const safeguardChanged = (title: string, body: string) => ({ category: 'security', title, body, link: SECURITY_LINK }) as const;

/** Other sessions signed out from the security page. */
export function sessionsEndedEmail(m: { to: string; firstName: string; ended: number; securityLink: string; forgotLink: string }): EmailMessage {
  const what = m.ended === 1 ? 'One other session of your Land Units account was signed out' : `${m.ended} other sessions of your Land Units account were signed out`;
  return renderEmail(m.to, {
    subject: m.ended === 1 ? 'A session of your account was signed out' : 'Other sessions of your account were signed out',
    greeting: hello(m),
    paragraphs: [`${what} just now, from your security settings.`, 'If this was you, there is nothing to do.'],
    action: { label: 'See where you are signed in', url: m.securityLink },
    after: [`If this was not you, someone is signed in to your account: reset your password now at ${m.forgotLink} (it signs everyone out), then contact us.`],
  });
}

export const SESSIONS_ENDED = (ended: number) =>
  ({
    category: 'security',
    title: ended === 1 ? 'A session was signed out' : 'Other sessions were signed out',
    body: 'From your security settings. If this was not you, reset your password now.',
    link: SECURITY_LINK,
  }) as const;
