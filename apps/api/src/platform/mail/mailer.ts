import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { devMail } from '../db/schema';
import type { EmailMessage } from './layout';

/** Where emails go: a real SMTP server, or the development store read at /dev/mail. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-store';
  /** `db` is the transaction delivering the message, so a stored message and its claim commit together. */
  send(message: EmailMessage, db: Db): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
      },
    };
  }
  return {
    kind: 'dev-store',
    send: async (message, db) => {
      await db.insert(devMail).values(message);
    },
  };
}
