import { z } from 'zod';
import { CONTACT_MESSAGES, NEWSLETTER_MESSAGES } from './site-api';

/**
 * The newsletter and contact forms' schemas: the API parses with them and the forms validate with
 * the same objects. In a module of their own, built by pure calls: the website's pages load them
 * (and zod) only when a visitor starts using a form.
 */

const newsletterSubscribe = () =>
  z.strictObject({
    email: z
      .string({ message: NEWSLETTER_MESSAGES.emailRequired })
      .trim()
      .min(1, NEWSLETTER_MESSAGES.emailRequired)
      .max(255, NEWSLETTER_MESSAGES.emailInvalid)
      .pipe(z.email(NEWSLETTER_MESSAGES.emailInvalid))
      .transform((email) => email.toLowerCase()),
  });
export const NewsletterSubscribeSchema = /* @__PURE__ */ newsletterSubscribe();
export type NewsletterSubscribeInput = z.input<typeof NewsletterSubscribeSchema>;

const required = (message: string) => z.string({ message }).trim().min(1, message);

const contactForm = () =>
  z.strictObject({
    name: required(CONTACT_MESSAGES.nameRequired).max(100, CONTACT_MESSAGES.nameMax),
    email: required(CONTACT_MESSAGES.emailRequired)
      .max(255, CONTACT_MESSAGES.emailInvalid)
      .pipe(z.email(CONTACT_MESSAGES.emailInvalid))
      .transform((email) => email.toLowerCase()),
    /** Optional; an empty subject reads as "Message from the website". */
    subject: z.string().trim().max(150, CONTACT_MESSAGES.subjectMax).optional().default(''),
    message: required(CONTACT_MESSAGES.messageRequired).min(10, CONTACT_MESSAGES.messageMin).max(5000, CONTACT_MESSAGES.messageMax),
  });
export const ContactFormSchema = /* @__PURE__ */ contactForm();
export type ContactFormInput = z.input<typeof ContactFormSchema>;
