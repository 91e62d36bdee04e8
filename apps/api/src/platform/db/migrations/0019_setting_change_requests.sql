CREATE TABLE "setting_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"base_version" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"superseded_by" uuid,
	"prices_from" text,
	CONSTRAINT "setting_change_requests_key_check" CHECK ("setting_change_requests"."key" in ('money', 'payment-details')),
	CONSTRAINT "setting_change_requests_status_check" CHECK ("setting_change_requests"."status" in ('Pending', 'Approved', 'Rejected', 'Withdrawn', 'Superseded')),
	CONSTRAINT "setting_change_requests_decided_check" CHECK (("setting_change_requests"."status" = 'Pending') = ("setting_change_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE INDEX "setting_change_requests_pending_idx" ON "setting_change_requests" USING btree ("key","proposed_at") WHERE "setting_change_requests"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "setting_change_requests_history_idx" ON "setting_change_requests" USING btree ("key","decided_at" DESC NULLS LAST) WHERE "setting_change_requests"."status" <> 'Pending';