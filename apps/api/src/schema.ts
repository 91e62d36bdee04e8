/**
 * Every table of the database: the platform's own (`platform/db/schema/platform.ts`) and each
 * module's (`modules/<m>/schema.ts`), gathered here, above both, so one migration history serves
 * both drivers. Migrations are generated from this file (`npm run db:generate -w @landunits/api`)
 * and committed as SQL. Neither the platform nor a module imports it (lint): the platform uses its
 * own tables, a module only its own `./schema`; tests, benches and seeds may read any table here.
 */
export * from './platform/db/schema/platform';
export * from './modules/users/schema';
export * from './modules/auth/schema';
export * from './modules/ledger/schema';
export * from './modules/reference-codes/schema';
export * from './modules/orders/schema';
export * from './modules/payments/schema';
export * from './modules/holdings/schema';
export * from './modules/pricing/schema';
export * from './modules/site-content/schema';
export * from './modules/newsletter/schema';
export * from './modules/contact/schema';
export * from './platform/audit/schema';
export * from './modules/verification/schema';
export * from './modules/email-change/schema';
export * from './modules/invoices/schema';
export * from './modules/reports/schema';
export * from './modules/community/schema';
export * from './modules/governance/schema';
export * from './modules/ideas/schema';
export * from './modules/land-projects/schema';
export * from './modules/notifications/schema';
export * from './modules/chat/schema';
