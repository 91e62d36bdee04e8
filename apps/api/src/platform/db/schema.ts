/**
 * Database schema. Each module owns its tables in `modules/<m>/schema.ts` and only the platform's
 * own tables live under schema/; they are gathered here so one migration history serves both
 * drivers and the Drizzle client knows every table. Migrations are generated from this file
 * (`npm run db:generate -w @landunits/api`) and committed as SQL. Modules never import this file
 * (lint): each reads and writes only its own `./schema`.
 */
export * from './schema/platform';
export * from '../../modules/users/schema';
export * from '../../modules/auth/schema';
export * from '../../modules/ledger/schema';
export * from '../../modules/reference-codes/schema';
export * from '../../modules/orders/schema';
export * from '../../modules/holdings/schema';
export * from '../../modules/pricing/schema';
export * from '../../modules/site-content/schema';
export * from '../../modules/newsletter/schema';
export * from '../../modules/contact/schema';
export * from '../audit/schema';
export * from '../../modules/verification/schema';
export * from '../../modules/email-change/schema';
export * from '../../modules/invoices/schema';
export * from '../../modules/reports/schema';
export * from '../../modules/community/schema';
export * from '../../modules/governance/schema';
export * from '../../modules/ideas/schema';
export * from '../../modules/land-projects/schema';
export * from '../../modules/notifications/schema';
export * from '../../modules/chat/schema';
