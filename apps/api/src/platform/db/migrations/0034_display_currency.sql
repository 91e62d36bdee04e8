ALTER TABLE "users" ADD COLUMN "display_currency" text;--> statement-breakpoint
-- contract: the column is new in this release, so the previous release never writes it and the check can refuse nothing it does.
ALTER TABLE "users" ADD CONSTRAINT "users_display_currency_check" CHECK ("users"."display_currency" is null or "users"."display_currency" in ('GBP', 'USD', 'EUR', 'AUD'));
