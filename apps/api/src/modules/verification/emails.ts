import { DOCUMENT_LABELS, moneyHoldEmailLine, type DocumentSlot } from '@landunits/domain';
import type { ReviewKind } from '@landunits/domain/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { hello, renderEmail, type EmailMessage } from '../../platform/mail/layout';
import { enqueueEmail } from '../../platform/mail/outbox';
import { notify } from '../notifications';
import type { Person } from '../users';

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

/**
 * The emails of an admin's decision on a verification and of the passport's expiry, in the one
 * layout. They carry the reason the person reads; an internal note never goes in them.
 */

const NAMES: Record<ReviewKind, string> = { profile: 'profile verification', bank: 'bank verification' };
const PAGES: Record<ReviewKind, string> = {
  profile: '/dashboard/settings/profile-verification#verification-status',
  bank: '/dashboard/settings/bank-verification#verification-status',
};

export const verificationLink = (publicUrl: string, kind: ReviewKind) => `${publicUrl}${PAGES[kind]}`;

export type ReviewEmail =
  | { kind: 'approved' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'reupload'; slot: DocumentSlot; reason: string }
  | { kind: 'passport-expired' }
  | { kind: 'passport-expiring'; expiryDate: string; days: number };

export function reviewEmail(person: Person, verification: ReviewKind, email: ReviewEmail, publicUrl: string): EmailMessage {
  const name = NAMES[verification];
  const action = { label: verification === 'profile' ? 'Open your profile verification' : 'Open your bank verification', url: verificationLink(publicUrl, verification) };
  const greeting = hello(person);
  switch (email.kind) {
    case 'approved':
      return renderEmail(person.email, {
        subject: `Your ${name} is approved`,
        greeting,
        paragraphs: [`Good news: we have checked your ${name} and approved it.`],
        action,
      });
    case 'rejected':
      return renderEmail(person.email, {
        subject: `Your ${name} was not approved`,
        greeting,
        paragraphs: [`We have checked your ${name} and could not approve it. The reason:`],
        quote: email.reason,
        after: ['Please correct it and submit again.'],
        action: { ...action, label: 'Fix and submit again' },
      });
    case 'reupload': {
      const document = DOCUMENT_LABELS[email.slot];
      return renderEmail(person.email, {
        subject: `Please upload your ${document.toLowerCase()} again`,
        greeting,
        paragraphs: [`We have checked your ${name}. Please upload your ${document.toLowerCase()} again, then submit for review. The reason:`],
        quote: email.reason,
        action: { ...action, label: `Upload the ${document.toLowerCase()}` },
      });
    }
    case 'passport-expired':
      return renderEmail(person.email, {
        subject: 'Your passport has expired',
        greeting,
        paragraphs: ['Your passport has expired; upload a new one to keep selling.', 'Until your profile is approved again, selling is paused.'],
        action: { ...action, label: 'Upload a new passport' },
      });
    case 'passport-expiring':
      return renderEmail(person.email, {
        subject: email.days === 0 ? 'Your passport expires today' : `Your passport expires in ${email.days} day${email.days === 1 ? '' : 's'}`,
        greeting,
        paragraphs: [
          `Your passport expires on ${email.expiryDate}. Once it has expired, your profile verification returns to "Info Saved - Submit Now" and selling stops until you upload a new one and it is approved.`,
          'You can upload your new passport now.',
        ],
        action: { ...action, label: 'Upload a new passport' },
      });
  }
}

/** What the bell says of the same event: the email's subject, one or two sentences, the page to fix it on. */
function reviewNotificationBody(verification: ReviewKind, email: ReviewEmail): string {
  const name = NAMES[verification];
  switch (email.kind) {
    case 'approved':
      return `We have checked your ${name} and approved it.`;
    case 'rejected':
      return `We could not approve your ${name}. The reason: ${email.reason}`;
    case 'reupload':
      return `Please upload your ${DOCUMENT_LABELS[email.slot].toLowerCase()} again, then submit for review. The reason: ${email.reason}`;
    case 'passport-expired':
      return 'Upload a new passport to keep selling: until your profile is approved again, selling is paused.';
    case 'passport-expiring':
      return `Your passport expires on ${email.expiryDate}. Upload your new one now to keep selling.`;
  }
}

/**
 * Tells the person of a verification event, in the caller's transaction: the email (always sent)
 * and the notification centre (category security, a switch there), both saying the same.
 */
export async function sendReviewMessage(ctx: { clock: Clock; config: { publicUrl: string } }, tx: Db, person: Person, verification: ReviewKind, email: ReviewEmail): Promise<void> {
  const message = reviewEmail(person, verification, email, ctx.config.publicUrl);
  await enqueueEmail(ctx, tx, message);
  await notify(tx, { userId: person.id, category: 'security', title: message.subject, body: reviewNotificationBody(verification, email), link: PAGES[verification], at: ctx.clock.now() });
}
