import { SITE_NAME } from '@landunits/domain';

/**
 * The one layout of every email the product sends (decision 0013): plain text and HTML with
 * inline styles only (mail clients drop style sheets), links built by the caller from PUBLIC_URL.
 * Each module composes its own messages with `renderEmail` (modules/<m>/emails.ts).
 */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers should go when that is not the sender (the contact form's author). */
  replyTo?: string;
  /** Optional emails only (PRODUCT-DECISIONS §9): how to stop this kind of email. */
  unsubscribe?: Unsubscribe;
  /** Files sent with the email (e.g. an invoice PDF), at most MAX_ATTACHMENT_BYTES in all. */
  attachments?: EmailAttachment[];
}

/** A file sent with an email: its name as the reader sees it, its media type and its bytes in base64. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** The most an email's attachments may weigh together (decoded): a queued email stays a small row. */
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;

/** An attachment of these bytes. */
export function attachment(filename: string, contentType: string, bytes: Uint8Array): EmailAttachment {
  return { filename, contentType, contentBase64: Buffer.from(bytes).toString('base64') };
}

/**
 * The unsubscribe part of an optional email: the category it belongs to, the one-click URL
 * (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post, which mail clients POST to) and the page
 * shown by the visible link in the footer. Both URLs carry the same signed token.
 */
export interface Unsubscribe {
  category: string;
  oneClickUrl: string;
  pageUrl: string;
}

/** The headers that let a mail client offer its own unsubscribe button (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(unsubscribe: Unsubscribe | undefined): Record<string, string> {
  if (!unsubscribe) return {};
  return { 'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Where the footer goes in the layout's HTML. */
const FOOTER = '<!--footer-->';

/** Adds the unsubscribe part to a message: the visible link in the footer and the headers' URLs. */
export function withUnsubscribe(message: EmailMessage, unsubscribe: Unsubscribe): EmailMessage {
  const line = 'You get this email because it is switched on in your email preferences.';
  const footer = `<p style="margin:16px 0 0;font-size:13px;color:#4a5a50;text-align:center">${esc(line)} <a href="${esc(unsubscribe.pageUrl)}" style="color:#1f5135">Unsubscribe</a></p>`;
  return {
    ...message,
    text: `${message.text}\n\n${line}\nUnsubscribe: ${unsubscribe.pageUrl}`,
    html: message.html.replace(FOOTER, footer),
    unsubscribe,
  };
}

export interface EmailBody {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Labelled values shown as a list (e.g. an order's figures, who wrote a message). */
  details?: { label: string; value: string }[];
  /** A block of someone's own text, kept with its line breaks. */
  quote?: string;
  after?: string[];
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c] as string);
const esc = escapeHtml;

/** A header line made from someone's input: control characters (line breaks) become spaces. */
export const oneLine = (s: string) => s.replace(/\p{Cc}+/gu, ' ').trim();

export const hello = (m: { firstName: string }) => `Hello ${m.firstName},`;

export function renderEmail(to: string, body: EmailBody, replyTo?: string): EmailMessage {
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
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(oneLine(body.subject))}</title></head><body style="margin:0;background:#f6f3ec;font-family:Arial,Helvetica,sans-serif;color:#1d2a22">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellpadding="0" cellspacing="0"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1f5135">${esc(SITE_NAME)}</p>
${p(body.greeting)}
${body.paragraphs.map(p).join('\n')}
${body.details ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;line-height:1.5">${body.details.map((d) => `<tr><th scope="row" align="left" style="padding:0 16px 4px 0;vertical-align:top">${esc(d.label)}</th><td style="padding:0 0 4px">${esc(d.value)}</td></tr>`).join('')}</table>` : ''}
${body.quote !== undefined ? `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #1f5135;background:#f6f3ec;white-space:pre-wrap;line-height:1.5">${esc(body.quote)}</div>` : ''}
${body.action ? `<p style="margin:24px 0"><a href="${esc(body.action.url)}" style="background:#1f5135;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${esc(body.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4a5a50">Or copy this link into your browser: ${esc(body.action.url)}</p>` : ''}
${(body.after ?? []).map(p).join('\n')}
</td></tr></table>${FOOTER}</td></tr></table></body></html>`;
  return { to, subject: oneLine(body.subject), text, html, ...(replyTo ? { replyTo } : {}) };
}
