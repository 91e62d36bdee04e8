import type { ContactFormSchema, NewsletterSubscribeSchema } from '@landunits/domain';
import { SITE_CONTRACTS as C } from '@landunits/domain/contracts';
import { call } from '../../shared/api';

/** The public website's calls that change something or check a link, each through its contract; reads live in site-queries.ts. */

/** What the schemas give after parsing (trimmed, email lower-cased): the body the API expects. */
export type ContactMessageBody = ReturnType<typeof ContactFormSchema.parse>;
export type SubscribeBody = ReturnType<typeof NewsletterSubscribeSchema.parse>;

export const siteApi = {
  /** POST the contact form; the server answers with CONTACT_MESSAGES.sent. */
  sendContactMessage: (body: ContactMessageBody) => call(C.contact, { body }),
  /** POST a newsletter subscription; the same answer whatever the address's state. */
  subscribe: (body: SubscribeBody) => call(C.subscribe, { body }),
  /** GET the confirmation of a subscription from the link in the email. */
  verifySubscription: (token: string, signal?: AbortSignal) => call(C.subscriberVerification, { params: { token }, signal }),
};
