import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { devMail } from '../db/schema/platform';
import { unsubscribeHeaders, type EmailMessage } from './layout';

/** How one message is delivered: the database (outside any transaction) and its stable Message-ID. */
export interface Delivery {
  db: Db;
  /** Derived from the message's outbox row (outboxMessageId): the same on every attempt. */
  messageId: string;
}

/** Where emails go: a real SMTP server, or the development store read at /dev/mail. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-store';
  send(message: EmailMessage, delivery: Delivery): Promise<void>;
  /** Resolves when mail can be handed over now (readiness): the SMTP server greets and accepts the login. */
  check(): Promise<void>;
}

/**
 * Socket timeouts of the SMTP transport (nodemailer's defaults go up to 10 minutes): a send stays
 * well inside the job's lease (decision 0033) and a stopping server is not held by a dead server.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/**
 * The Message-ID of the email queued as outbox row `row`: the row's id and the time it was queued
 * (so ids reused by a rebuilt database do not collide), at the host of PUBLIC_URL. A retry or a
 * repeat after a crash sends the same one, so the repeat is recognisable as the same message.
 */
export function outboxMessageId(row: { id: number; createdAt: Date }, publicUrl: string): string {
  return `<outbox-${row.id}.${row.createdAt.getTime().toString(36)}@${new URL(publicUrl).hostname}>`;
}

/** What is handed to the SMTP transport: an optional email carries its List-Unsubscribe headers. */
export function mailOptions(message: EmailMessage, from: string, messageId?: string) {
  const headers = unsubscribeHeaders(message.unsubscribe);
  return {
    from,
    ...(messageId ? { messageId } : {}),
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
    const transport: Transporter = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      send: async (message, { messageId }) => {
        await transport.sendMail(mailOptions(message, options.from, messageId));
      },
      check: async () => {
        await transport.verify();
      },
    };
  }
  return {
    kind: 'dev-store',
    // The store keeps what a person reads and the Message-ID; the other headers are the SMTP
    // transport's (mailOptions). Written on its own, like a send: a repeat shows as a second row.
    send: async ({ to, subject, text, html, attachments = [] }, { db, messageId }) => {
      await db.insert(devMail).values({ to, subject, text, html, attachments, messageId });
    },
    // The store is the database, which readiness checks on its own.
    check: async () => undefined,
  };
}
