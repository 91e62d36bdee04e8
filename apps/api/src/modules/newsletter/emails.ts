import { renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The newsletter's emails, on the shared layout. */

export function newsletterConfirmEmail(m: { to: string; link: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Confirm your Land Units newsletter subscription',
    greeting: 'Hello,',
    paragraphs: ['Please confirm that you want to receive the Land Units newsletter at this email address.'],
    action: { label: 'Confirm my subscription', url: m.link },
    after: ['The link expires in 48 hours and replaces any confirmation link we sent you before.', 'If you did not ask to subscribe, ignore this email and you will not be subscribed.'],
  });
}

export function newsletterAlreadySubscribedEmail(m: { to: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'You are already subscribed to the Land Units newsletter',
    greeting: 'Hello,',
    paragraphs: ['Someone, perhaps you, asked to subscribe this email address to the Land Units newsletter. It is already subscribed, so nothing has changed.'],
    after: ['If this was not you, you can ignore this email.'],
  });
}
