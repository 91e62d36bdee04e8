CREATE TABLE "money_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "money_holds" ADD CONSTRAINT "money_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_holds_user_until_idx" ON "money_holds" USING btree ("user_id","until");--> statement-breakpoint
-- Bank details' holds still running are carried over (bank_verifications.sell_hold_until stays written for the previous release during a rolling upgrade).
INSERT INTO "money_holds" ("user_id", "reason", "started_at", "until") SELECT "user_id", 'bank-details', "sell_hold_until" - interval '48 hours', "sell_hold_until" FROM "bank_verifications" WHERE "sell_hold_until" > now();
