import { SITE_API, type ContactFormSchema, type NewsletterSubscribeSchema } from '@landunits/domain';
import type { ResponseOf, SITE_CONTRACTS } from '@landunits/domain/contracts';
import { api, API_BASE } from '../../shared/api';

/** The public website's calls that change something or check a link; reads live in site-queries.ts. */

export type MessageAnswer = ResponseOf<typeof SITE_CONTRACTS.contact>;

/** What the schemas give after parsing (trimmed, email lower-cased): the body the API expects. */
export type ContactMessageBody = ReturnType<typeof ContactFormSchema.parse>;
export type SubscribeBody = ReturnType<typeof NewsletterSubscribeSchema.parse>;

/** SITE_API holds full paths (/api/…); the client adds the /api prefix itself. */
const apiPath = (fullPath: string): string => (fullPath.startsWith(API_BASE) ? fullPath.slice(API_BASE.length) : fullPath);

export const siteApi = {
  /** POST the contact form; the server answers with CONTACT_MESSAGES.sent. */
  sendContactMessage: (body: ContactMessageBody) => api.post<MessageAnswer>(apiPath(SITE_API.contact), body),
  /** POST a newsletter subscription; the same answer whatever the address's state. */
  subscribe: (body: SubscribeBody) => api.post<MessageAnswer>(apiPath(SITE_API.subscribe), body),
  /** GET the confirmation of a subscription from the link in the email. */
  verifySubscription: (token: string, signal?: AbortSignal) => api.get<MessageAnswer>(`${apiPath(SITE_API.subscriberVerification)}/${encodeURIComponent(token)}`, { signal }),
};
