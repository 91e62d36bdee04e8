import type { CertificateFigures } from '@landunits/domain';
import { date, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// A foreign key only.
import { users } from '../users/schema';

/**
 * Direct impact certificates issued (PRODUCT-DECISIONS §10). The code is the primary key and what
 * /verify/{code} looks up; `figures` is what the certificate states (CertificateFiguresSchema: the
 * date, the value per currency, the shares), never a name or an email. The person is known only
 * through `user_id`, so the public page can show the figures without anyone learning whose they are.
 * One certificate per person, day and set of figures (`figures_digest`, SHA-256 of the figures'
 * JSON): downloading again the same day with the same holdings gives the same code.
 */
export const impactCertificates = pgTable(
  'impact_certificates',
  {
    code: text('code').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    figuresDigest: text('figures_digest').notNull(),
    figures: jsonb('figures').$type<CertificateFigures>().notNull(),
  },
  (t) => [uniqueIndex('impact_certificates_user_day_figures_key').on(t.userId, t.asOf, t.figuresDigest)],
);
