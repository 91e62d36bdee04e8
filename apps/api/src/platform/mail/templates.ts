import { ACTIVATION_NOTICE, SITE_NAME } from '@landunits/domain';

/** Every email the product sends, as plain text and HTML, with links built from PUBLIC_URL. */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type EmailTemplate =
  | { template: 'confirm-email'; to: string; firstName: string; link: string; resent: boolean }
  | { template: 'already-registered'; to: string; firstName: string; loginLink: string; forgotLink: string }
  | { template: 'reset-password'; to: string; firstName: string; link: string }
  | { template: 'password-changed'; to: string; firstName: string; forgotLink: string };

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c] as string);

interface Body {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

function render(to: string, body: Body): EmailMessage {
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    `${SITE_NAME}`,
  ].join('\n');
  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${esc(t)}</p>`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f6f3ec;font-family:Arial,Helvetica,sans-serif;color:#1d2a22">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellpadding="0" cellspacing="0"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1f5135">${esc(SITE_NAME)}</p>
${p(body.greeting)}
${body.paragraphs.map(p).join('\n')}
${body.action ? `<p style="margin:24px 0"><a href="${esc(body.action.url)}" style="background:#1f5135;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${esc(body.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4a5a50">Or copy this link into your browser: ${esc(body.action.url)}</p>` : ''}
${(body.after ?? []).map(p).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject: body.subject, text, html };
}

export function renderEmail(message: EmailTemplate): EmailMessage {
  const hello = `Hello ${message.firstName},`;
  switch (message.template) {
    case 'confirm-email':
      return render(message.to, {
        subject: message.resent ? 'Your new Land Units activation link' : 'Activate your Land Units account',
        greeting: hello,
        paragraphs: [
          'Thank you for registering with Land Units. Please confirm your email address to activate your account.',
          ...(message.resent ? ['This link replaces any activation link we sent you before.'] : []),
        ],
        action: { label: 'Activate my account', url: message.link },
        after: [ACTIVATION_NOTICE, 'If you did not register, ignore this email and no account will be created.'],
      });
    case 'already-registered':
      return render(message.to, {
        subject: 'Someone tried to register with your email address',
        greeting: hello,
        paragraphs: [
          'Someone, perhaps you, tried to register a new Land Units account with this email address. You already have an account, so nothing was changed.',
          `To sign in, go to ${message.loginLink}. If you forgot your password, reset it at ${message.forgotLink}.`,
        ],
        after: ['If this was not you, you can ignore this email: your account is safe.'],
      });
    case 'reset-password':
      return render(message.to, {
        subject: 'Reset your Land Units password',
        greeting: hello,
        paragraphs: ['We received a request to reset the password of your Land Units account.'],
        action: { label: 'Choose a new password', url: message.link },
        after: [
          'The link works once and expires in 1 hour. Resetting your password signs you out everywhere.',
          'If you did not ask for this, ignore this email: your password stays as it is.',
        ],
      });
    case 'password-changed':
      return render(message.to, {
        subject: 'Your Land Units password was changed',
        greeting: hello,
        paragraphs: [
          'The password of your Land Units account has just been changed, and every session was signed out.',
          `If this was not you, reset your password now at ${message.forgotLink} and contact us.`,
        ],
      });
  }
}
