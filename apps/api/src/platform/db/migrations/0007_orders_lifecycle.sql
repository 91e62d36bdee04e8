CREATE TABLE "holding_costs" (
	"user_id" uuid NOT NULL,
	"unit_type" text NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "holding_costs_user_id_unit_type_pk" PRIMARY KEY("user_id","unit_type"),
	CONSTRAINT "holding_costs_cost_check" CHECK ("holding_costs"."cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_per_unit" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "convert_unit_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "convert_units" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_verification_status" text DEFAULT 'UnVerified' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_verification_status" text DEFAULT 'UnVerified' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purchase_limit_override_cents" bigint;--> statement-breakpoint
ALTER TABLE "holding_costs" ADD CONSTRAINT "holding_costs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_at") WHERE "orders"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_awaiting_admin_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."order_status" in ('PaymentSent', 'PaymentSent_FromUserCrypto', 'FundsWaitingApproval', 'PartialComplete', 'AllUnitSold');--> statement-breakpoint
CREATE INDEX "orders_user_unapproved_buys_idx" ON "orders" USING btree ("user_id") WHERE "orders"."order_type" = 'BUY' and "orders"."order_status" in ('Initiated', 'InProcess', 'PaymentSent', 'PaymentSent_FromUserCrypto');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_convert_unit_type_check" CHECK ("orders"."convert_unit_type" is null or "orders"."convert_unit_type" in ('LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_convert_units_check" CHECK ("orders"."convert_units" is null or "orders"."convert_units" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_cents_check" CHECK ("orders"."amount_cents" is null or "orders"."amount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_verification_status_check" CHECK ("users"."profile_verification_status" in ('UnVerified', 'Saved', 'Pending', 'Approved', 'Rejected'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bank_verification_status_check" CHECK ("users"."bank_verification_status" in ('UnVerified', 'Saved', 'Pending', 'Approved', 'Rejected'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_purchase_limit_override_check" CHECK ("users"."purchase_limit_override_cents" is null or "users"."purchase_limit_override_cents" >= 0);