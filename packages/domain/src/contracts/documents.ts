import { z } from 'zod';
import { CertificateFiguresSchema } from '../documents/impact';
import { StatementQuerySchema } from '../documents/statement';
import { defineRoute, IsoDateTime } from './contract';

/** "Your impact" on the dashboard: the figures a certificate issued today would state. */
export const YourImpactSchema = CertificateFiguresSchema.extend({
  /** False while the person holds no Units (nothing owned, locked, for sale or queued). */
  holdsUnits: z.boolean(),
});
export type YourImpactView = z.output<typeof YourImpactSchema>;

/** A direct impact certificate as its public verification page shows it: no name, no email. */
export const VerifiedCertificateSchema = z.object({
  code: z.string(),
  issuedAt: IsoDateTime,
  figures: CertificateFiguresSchema,
});
export type VerifiedCertificate = z.output<typeof VerifiedCertificateSchema>;

export const CertificateParamsSchema = z.object({ code: z.string().max(64) });

/** Documents a person downloads: statements, current value, impact certificates, invoices. */
export const DOCUMENT_CONTRACTS = {
  generateStatement: defineRoute({
    method: 'GET', path: '/api/utility/generate-statement', auth: 'user', area: 'Documents',
    summary: 'A document of the signed-in person, streamed as a download: the transaction statement of a period (PDF, CSV or XLSX), the current value of their holdings or their direct impact certificate (PDF, dated today, with a verification code).',
    request: { query: StatementQuerySchema },
    responses: { 200: { mediaType: 'application/pdf' } },
    errors: ['VALIDATION_FAILED'],
  }),
  yourImpact: defineRoute({
    method: 'GET', path: '/api/user/impact', auth: 'user', area: 'Documents',
    summary: 'The signed-in person\'s share of each impact metric today (metric × value today / land value held, per currency held), as the dashboard and the impact certificate show it.',
    responses: { 200: YourImpactSchema },
    errors: [],
  }),
  verifyCertificate: defineRoute({
    method: 'GET', path: '/api/certificates/:code', auth: 'public', area: 'Documents',
    summary: 'A direct impact certificate by its code (case, spaces and dashes ignored): its issue date and figures, without the name or email of its holder. 404 for a code no certificate has, or one that cannot be a code.',
    request: { params: CertificateParamsSchema },
    responses: { 200: VerifiedCertificateSchema },
    errors: ['NOT_FOUND'],
  }),
} as const;
