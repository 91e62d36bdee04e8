import { oneLine, renderEmail, type EmailMessage } from '../../platform/mail/layout';

/** The contact form's emails, on the shared layout. */

export const CONTACT_DEFAULT_SUBJECT = 'Message from the website';

export function contactToSupportEmail(m: {
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
}): EmailMessage {
  return renderEmail(
    m.to,
    {
      subject: `Contact form: ${oneLine(m.subject) || CONTACT_DEFAULT_SUBJECT}`,
      greeting: 'A message was sent with the contact form of the website.',
      paragraphs: [`Answer the sender at ${m.email}.`],
      details: [
        { label: 'Reference', value: m.reference },
        { label: 'Name', value: m.name },
        { label: 'Email', value: m.email },
        { label: 'Subject', value: m.subject || CONTACT_DEFAULT_SUBJECT },
        ...(m.account ? [{ label: 'Signed in as', value: m.account }] : []),
      ],
      quote: m.message,
    },
    m.replyTo,
  );
}

/** Nothing the form's author typed is repeated here, so the form cannot send chosen text to someone else's address. */
export function contactReceiptEmail(m: { to: string }): EmailMessage {
  return renderEmail(m.to, {
    subject: 'We have your message',
    greeting: 'Hello,',
    paragraphs: ['Thank you for contacting Land Units. We have your message and will answer by email within two working days.'],
    after: ['If you did not write to us, you can ignore this email.'],
  });
}

/**
 * An admin's reply to a message, to its sender. It repeats only the reference and the date of
 * their message (nothing else they typed but their name); answers go to the support address.
 */
export function contactReplyEmail(m: { to: string; name: string; reference: string; sentOn: string; reply: string; replyTo: string }): EmailMessage {
  return renderEmail(
    m.to,
    {
      subject: 'Our reply to your message to Land Units',
      greeting: `Hello ${oneLine(m.name)},`,
      paragraphs: ['Thank you for contacting Land Units. Here is our answer to your message.'],
      details: [
        { label: 'Reference', value: m.reference },
        { label: 'Your message of', value: m.sentOn },
      ],
      quote: m.reply,
      after: ['You can answer this email if you have more questions.'],
    },
    m.replyTo,
  );
}
