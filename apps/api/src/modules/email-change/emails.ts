import { moneyHoldEmailLine } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { hello, renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The email change's messages (PRODUCT-DECISIONS §9), on the shared layout. */

export const emailChangeLinks = (ctx: Pick<AppContext, 'config'>) => ({
  verify: (token: string) => `${ctx.config.publicUrl}/account/verify-email-change?token=${token}`,
  page: () => `${ctx.config.publicUrl}/dashboard/settings/change-email`,
  login: () => `${ctx.config.publicUrl}/login`,
});

/** To the new address: the link that confirms it. */
export function verifyNewAddressEmail(m: { to: string; firstName: string; link: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Confirm your new Land Units email address',
    greeting: hello(m),
    paragraphs: ['You asked to use this address for your Land Units account. Confirm it with the button below, then upload a supporting identity document to finish your request.'],
    action: { label: 'Confirm this email address', url: m.link },
    after: ['The link expires in 24 hours and replaces any link we sent you before.', 'If you did not ask for this, ignore this email: nothing changes.'],
  });
}

/** To the current address: someone asked to move the account to another address. */
export function changeRequestedEmail(m: { to: string; firstName: string; page: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'A change of your Land Units email address was requested',
    greeting: hello(m),
    paragraphs: ['Someone signed in to your account asked to change its email address. Nothing changes until our team has checked a supporting identity document and approved the request.'],
    action: { label: 'See the request', url: m.page },
    after: ['If this was not you, cancel the request on that page and change your password.'],
  });
}

/** To both addresses once an admin approved the change. */
export function emailChangedEmail(m: { to: string; firstName: string; oldEmail: string; newEmail: string; login: string; moneyHoldUntil: Date | null }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your Land Units email address was changed',
    greeting: hello(m),
    paragraphs: [
      'Your request was approved: your account now uses its new email address. You were signed out everywhere; log in with the new address.',
      ...(m.moneyHoldUntil ? [moneyHoldEmailLine(m.moneyHoldUntil)] : []),
    ],
    details: [
      { label: 'Previous address', value: m.oldEmail },
      { label: 'New address', value: m.newEmail },
    ],
    action: { label: 'Log in', url: m.login },
    after: ['If you did not ask for this, contact us at once.'],
  });
}

/** To the current address when an admin rejected the request, with the reason. */
export function emailChangeRejectedEmail(m: { to: string; firstName: string; reason: string; page: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'Your Land Units email change request was not approved',
    greeting: hello(m),
    paragraphs: ['Our team could not approve your request to change your email address. Your account keeps its current address. The reason:'],
    quote: m.reason,
    action: { label: 'Start a new request', url: m.page },
  });
}
