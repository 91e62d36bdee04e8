import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { devMail } from '../db/schema';
import { unsubscribeHeaders, type EmailMessage } from './layout';

/** Where emails go: a real SMTP server, or the development store read at /dev/mail. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-store';
  /** `db` is the transaction delivering the message, so a stored message and its claim commit together. */
  send(message: EmailMessage, db: Db): Promise<void>;
}

/** What is handed to the SMTP transport: an optional email carries its List-Unsubscribe headers. */
export function mailOptions(message: EmailMessage, from: string) {
  const headers = unsubscribeHeaders(message.unsubscribe);
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) } : {}),
  };
}

export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail(mailOptions(message, options.from));
      },
    };
  }
  return {
    kind: 'dev-store',
    // The store keeps what a person reads; the headers are the SMTP transport's (mailOptions).
    send: async ({ to, subject, text, html, attachments = [] }, db) => {
      await db.insert(devMail).values({ to, subject, text, html, attachments });
    },
  };
}
