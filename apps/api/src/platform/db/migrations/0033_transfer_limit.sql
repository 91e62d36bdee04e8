ALTER TABLE "money_safeguards" ALTER COLUMN "step_up_transfers_above" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "money_safeguards" ADD COLUMN "daily_transfer_limit" integer;--> statement-breakpoint
ALTER TABLE "money_safeguards" ADD COLUMN "limit_raise_to" integer;--> statement-breakpoint
ALTER TABLE "money_safeguards" ADD COLUMN "limit_raise_at" timestamp with time zone;