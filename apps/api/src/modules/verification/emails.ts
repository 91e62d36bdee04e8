import { formatDate } from '@landunits/domain';
import { hello, renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The verification emails, on the shared layout. */

/** "27/11/2026 14:05 (UTC)": when a hold ends, as emails and answers state it. */
export function formatMoment(date: Date): string {
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(date, 'DD/MM/YYYY')} ${hh}:${mm} (UTC)`;
}

/** A security email, always sent: the bank details changed and new sells wait 48 hours. */
export function bankDetailsChangedEmail(m: { to: string; firstName: string; sellHoldUntil: Date }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your Land Units bank details were changed',
    greeting: hello(m),
    paragraphs: ['The bank details of your Land Units account have just been changed.', `To protect your payouts, new sales are paused until ${formatMoment(m.sellHoldUntil)}.`],
    after: ['If you did not make this change, contact us right away and change your password.'],
  });
}
