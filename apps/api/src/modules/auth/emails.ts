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
