import { z } from 'zod';
import { TRUST_STATEMENT_KEYS } from '../site/trust-statements';

/**
 * The public answer of the regulatory and security statements (decision 0065), apart from the
 * contract: the footer of every page calls it, and in the web build a contract keeps only its method
 * and path, so nothing here (nor zod) reaches the entry script.
 */
export const PublicTrustStatementsSchema = z.object(
  Object.fromEntries(TRUST_STATEMENT_KEYS.map((k) => [k, z.string().nullable()])) as Record<(typeof TRUST_STATEMENT_KEYS)[number], z.ZodNullable<z.ZodString>>,
);
export type PublicTrustStatementsView = z.output<typeof PublicTrustStatementsSchema>;
