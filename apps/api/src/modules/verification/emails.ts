import { moneyHoldEmailLine } from '@landunits/domain';
import { hello, renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The verification emails, on the shared layout. */

/** A security email, always sent: the bank details changed and sales, transfers and payouts wait 48 hours (decision 0049). */
export function bankDetailsChangedEmail(m: { to: string; firstName: string; moneyHoldUntil: Date }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your Land Units bank details were changed',
    greeting: hello(m),
    paragraphs: ['The bank details of your Land Units account have just been changed.', moneyHoldEmailLine(m.moneyHoldUntil)],
    after: ['If you did not make this change, contact us right away and change your password.'],
  });
}
