ALTER TABLE "dev_mail" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "leased_until" timestamp with time zone;