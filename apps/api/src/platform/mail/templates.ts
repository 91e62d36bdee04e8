import { ACTIVATION_NOTICE, SITE_NAME } from '@landunits/domain';

/** Every email the product sends, as plain text and HTML, with links built from PUBLIC_URL. */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers should go when that is not the sender (the contact form's author). */
  replyTo?: string;
}

export type EmailTemplate =
  | { template: 'confirm-email'; to: string; firstName: string; link: string; resent: boolean }
  | { template: 'already-registered'; to: string; firstName: string; loginLink: string; forgotLink: string }
  | { template: 'reset-password'; to: string; firstName: string; link: string }
  | { template: 'password-changed'; to: string; firstName: string; forgotLink: string }
  | { template: 'newsletter-confirm'; to: string; link: string }
  | { template: 'newsletter-already-subscribed'; to: string }
  | {
      template: 'contact-to-support';
      to: string;
      /** The author's address, for answering. */
      replyTo: string;
      reference: string;
      name: string;
      email: string;
      /** Empty when the author gave none. */
      subject: string;
      message: string;
      /** The email of the signed-in account that sent it, if any. */
      account: string | null;
    }
  | { template: 'contact-receipt'; to: string };

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c] as string);

interface Body {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Labelled values shown as a list (e.g. who wrote a message). */
  details?: { label: string; value: string }[];
  /** A block of someone's own text, kept with its line breaks. */
  quote?: string;
  after?: string[];
}

function render(to: string, body: Body, replyTo?: string): EmailMessage {
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.details ? [...body.details.map((d) => `${d.label}: ${d.value}`), ''] : []),
    ...(body.quote !== undefined ? [body.quote, ''] : []),
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
${body.details ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;line-height:1.5">${body.details.map((d) => `<tr><th scope="row" align="left" style="padding:0 16px 4px 0;vertical-align:top">${esc(d.label)}</th><td style="padding:0 0 4px">${esc(d.value)}</td></tr>`).join('')}</table>` : ''}
${body.quote !== undefined ? `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #1f5135;background:#f6f3ec;white-space:pre-wrap;line-height:1.5">${esc(body.quote)}</div>` : ''}
${body.action ? `<p style="margin:24px 0"><a href="${esc(body.action.url)}" style="background:#1f5135;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${esc(body.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4a5a50">Or copy this link into your browser: ${esc(body.action.url)}</p>` : ''}
${(body.after ?? []).map(p).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject: body.subject, text, html, ...(replyTo ? { replyTo } : {}) };
}

/** A header line made from someone's input: control characters (line breaks) become spaces. */
const oneLine = (s: string) => s.replace(/\p{Cc}+/gu, ' ').trim();

export const CONTACT_DEFAULT_SUBJECT = 'Message from the website';

export function renderEmail(message: EmailTemplate): EmailMessage {
  const hello = (m: { firstName: string }) => `Hello ${m.firstName},`;
  switch (message.template) {
    case 'confirm-email':
      return render(message.to, {
        subject: message.resent ? 'Your new Land Units activation link' : 'Activate your Land Units account',
        greeting: hello(message),
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
        greeting: hello(message),
        paragraphs: [
          'Someone, perhaps you, tried to register a new Land Units account with this email address. You already have an account, so nothing was changed.',
          `To sign in, go to ${message.loginLink}. If you forgot your password, reset it at ${message.forgotLink}.`,
        ],
        after: ['If this was not you, you can ignore this email: your account is safe.'],
      });
    case 'reset-password':
      return render(message.to, {
        subject: 'Reset your Land Units password',
        greeting: hello(message),
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
        greeting: hello(message),
        paragraphs: [
          'The password of your Land Units account has just been changed, and every session was signed out.',
          `If this was not you, reset your password now at ${message.forgotLink} and contact us.`,
        ],
      });
    case 'newsletter-confirm':
      return render(message.to, {
        subject: 'Confirm your Land Units newsletter subscription',
        greeting: 'Hello,',
        paragraphs: ['Please confirm that you want to receive the Land Units newsletter at this email address.'],
        action: { label: 'Confirm my subscription', url: message.link },
        after: [
          'The link expires in 48 hours and replaces any confirmation link we sent you before.',
          'If you did not ask to subscribe, ignore this email and you will not be subscribed.',
        ],
      });
    case 'newsletter-already-subscribed':
      return render(message.to, {
        subject: 'You are already subscribed to the Land Units newsletter',
        greeting: 'Hello,',
        paragraphs: [
          'Someone, perhaps you, asked to subscribe this email address to the Land Units newsletter. It is already subscribed, so nothing has changed.',
        ],
        after: ['If this was not you, you can ignore this email.'],
      });
    case 'contact-to-support':
      return render(
        message.to,
        {
          subject: `Contact form: ${oneLine(message.subject) || CONTACT_DEFAULT_SUBJECT}`,
          greeting: 'A message was sent with the contact form of the website.',
          paragraphs: [`Answer the sender at ${message.email}.`],
          details: [
            { label: 'Reference', value: message.reference },
            { label: 'Name', value: message.name },
            { label: 'Email', value: message.email },
            { label: 'Subject', value: message.subject || CONTACT_DEFAULT_SUBJECT },
            ...(message.account ? [{ label: 'Signed in as', value: message.account }] : []),
          ],
          quote: message.message,
        },
        message.replyTo,
      );
    case 'contact-receipt':
      // Nothing the form's author typed is repeated here, so the form cannot send chosen text to
      // someone else's address.
      return render(message.to, {
        subject: 'We have your message',
        greeting: 'Hello,',
        paragraphs: ['Thank you for contacting Land Units. We have your message and will answer by email within two working days.'],
        after: ['If you did not write to us, you can ignore this email.'],
      });
  }
}
