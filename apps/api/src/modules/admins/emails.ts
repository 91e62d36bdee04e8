import { ADMIN_ROLE_HINTS, ADMIN_ROLE_LABELS, formatDate, INVITATION_LIFETIME_HOURS, type AdminRole } from '@landunits/domain';
import { renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The admins module's emails, on the shared layout. */

const when = (at: Date) => `${formatDate(at.toISOString(), 'DD MMM YYYY')} ${at.toISOString().slice(11, 16)} UTC`;

/** The invitation: who invited, as what, and the link to choose a password (72 hours, once). */
export function invitationEmail(m: { to: string; role: AdminRole; inviter: string; link: string; expiresAt: Date; resent: boolean }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'You are invited to the Land Units administration',
    greeting: 'Hello,',
    paragraphs: [
      `${m.inviter} invited you to the Land Units administration as ${ADMIN_ROLE_LABELS[m.role]}: ${ADMIN_ROLE_HINTS[m.role]}`,
      'Open the link to choose your name and password. You are then signed in.',
      ...(m.resent ? ['This link replaces any invitation link we sent you before.'] : []),
    ],
    action: { label: 'Choose my password', url: m.link },
    after: [`The link works once and expires in ${INVITATION_LIFETIME_HOURS} hours (${when(m.expiresAt)}).`, 'If you did not expect this invitation, ignore this email: nothing happens without you.'],
  });
}
