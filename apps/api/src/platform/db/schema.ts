/**
 * Database schema. Each module owns its tables, one file per area under schema/; they are gathered
 * here so one migration history serves both drivers. Migrations are generated from this file
 * (`npm run db:generate -w @landunits/api`) and committed as SQL.
 */
export * from './schema/platform';
export * from './schema/accounts';
export * from './schema/ledger';
export * from './schema/offers';
export * from './schema/orders';
export * from './schema/site';
export * from '../../modules/audit/schema';
