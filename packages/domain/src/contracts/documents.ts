import { StatementQuerySchema } from '../documents/statement';
import { defineRoute } from './contract';

/** Documents a person downloads: statements, current value, impact certificates, invoices. */
export const DOCUMENT_CONTRACTS = {
  generateStatement: defineRoute({
    method: 'GET', path: '/api/utility/generate-statement', auth: 'user', area: 'Documents',
    summary: 'A document of the signed-in person, streamed as a download: the transaction statement of a period (PDF, CSV or XLSX), the current value of their holdings or their direct impact certificate (PDF, dated today). Dates are UTC days, both included; without dates, the last 12 months.',
    request: { query: StatementQuerySchema },
    responses: { 200: { mediaType: ['application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } },
    errors: ['VALIDATION_FAILED'],
  }),
} as const;
