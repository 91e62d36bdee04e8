import { describe, expect, it } from 'vitest';
import { attachment, MAX_ATTACHMENT_BYTES, renderEmail } from './layout';
import { mailOptions } from './mailer';
import { EmailMessageSchema } from './outbox';

/** Emails with files (decision 0024): checked when queued, handed to SMTP as MIME parts. */

const message = renderEmail('ada@example.com', { subject: 'Your invoice', greeting: 'Hello Ada,', paragraphs: ['Attached.'] });
const pdf = Buffer.from('%PDF-1.7 a small document');

describe('email attachments', () => {
  it('are handed to the SMTP transport as base64 parts with their name and type', () => {
    const options = mailOptions({ ...message, attachments: [attachment('LU-2026-000001.pdf', 'application/pdf', pdf)] }, 'Land Units <no-reply@landunits.example>');
    expect(options.attachments).toEqual([{ filename: 'LU-2026-000001.pdf', contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }]);
    expect(mailOptions(message, 'x@example.com')).not.toHaveProperty('attachments');
  });

  it('may weigh 2 MB in all, no more', () => {
    const at = (bytes: number) => EmailMessageSchema.safeParse({ ...message, attachments: [attachment('a.pdf', 'application/pdf', Buffer.alloc(bytes, 1))] }).success;
    expect(at(MAX_ATTACHMENT_BYTES)).toBe(true);
    expect(at(MAX_ATTACHMENT_BYTES + 1)).toBe(false);
    const half = attachment('b.pdf', 'application/pdf', Buffer.alloc(MAX_ATTACHMENT_BYTES / 2 + 1, 1));
    expect(EmailMessageSchema.safeParse({ ...message, attachments: [half, half] }).success).toBe(false);
  });

  it('refuse a file name with a path or control characters, a malformed type and content that is not base64', () => {
    const ok = attachment('invoice.pdf', 'application/pdf', pdf);
    const refused = (file: object) => !EmailMessageSchema.safeParse({ ...message, attachments: [{ ...ok, ...file }] }).success;
    expect(refused({})).toBe(false);
    expect(refused({ filename: '../etc/passwd' })).toBe(true);
    expect(refused({ filename: 'a\\b.pdf' })).toBe(true);
    expect(refused({ filename: 'a\r\nBcc: x@example.com.pdf' })).toBe(true);
    expect(refused({ contentType: 'application/pdf; evil' })).toBe(true);
    expect(refused({ contentBase64: 'not base64!' })).toBe(true);
  });
});
