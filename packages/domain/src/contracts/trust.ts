import { SITE_API } from '../site/site-api';
import { defineRoute } from './contract';
import { PublicTrustStatementsSchema } from './trust-shapes';

/** The regulatory and security statements the public site shows (decision 0065; the admin's routes are in CONTENT_CONTRACTS). */
export const TRUST_CONTRACTS = {
  statements: defineRoute({
    method: 'GET',
    path: SITE_API.trust,
    auth: 'public',
    area: 'Website',
    summary:
      'The regulatory line of the site footer and the regulatory and security statements, each null until an admin has written it with every [placeholder] replaced: the site claims nothing for the operator before that.',
    responses: { 200: PublicTrustStatementsSchema },
    errors: [],
  }),
} as const;
