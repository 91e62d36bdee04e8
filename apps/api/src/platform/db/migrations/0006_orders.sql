CREATE TABLE "order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_from_status_check" CHECK ("order_status_history"."from_status" is null or "order_status_history"."from_status" in ('Initiated', 'InProcess', 'Failed', 'Cancelled', 'PaymentSent', 'PaymentSent_FromUserCrypto', 'Approved', 'Completed', 'PartialComplete', 'AllUnitSold', 'FundsWaitingApproval', 'AUDReadyToSendBetweenAccounts', 'Expired', 'Locked', 'LockedBonusApproved', 'Scheduled')),
	CONSTRAINT "order_status_history_to_status_check" CHECK ("order_status_history"."to_status" in ('Initiated', 'InProcess', 'Failed', 'Cancelled', 'PaymentSent', 'PaymentSent_FromUserCrypto', 'Approved', 'Completed', 'PartialComplete', 'AllUnitSold', 'FundsWaitingApproval', 'AUDReadyToSendBetweenAccounts', 'Expired', 'Locked', 'LockedBonusApproved', 'Scheduled')),
	CONSTRAINT "order_status_history_actor_check" CHECK ("order_status_history"."actor" = 'system' or "order_status_history"."actor" ~ '^(user|admin):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"order_type" text NOT NULL,
	"order_status" text NOT NULL,
	"payment_method" text DEFAULT 'None' NOT NULL,
	"unit_type" text NOT NULL,
	"number_of_units" bigint NOT NULL,
	"recipient_user_id" uuid,
	"recipient_email" text,
	"scheduled_date" date,
	"payment_details" jsonb,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_id_check" CHECK ("orders"."id" ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$'),
	CONSTRAINT "orders_order_type_check" CHECK ("orders"."order_type" in ('BUY', 'SELL', 'TRANSFER', 'TRANSFER_FUTURE', 'CONVERT')),
	CONSTRAINT "orders_order_status_check" CHECK ("orders"."order_status" in ('Initiated', 'InProcess', 'Failed', 'Cancelled', 'PaymentSent', 'PaymentSent_FromUserCrypto', 'Approved', 'Completed', 'PartialComplete', 'AllUnitSold', 'FundsWaitingApproval', 'AUDReadyToSendBetweenAccounts', 'Expired', 'Locked', 'LockedBonusApproved', 'Scheduled')),
	CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('Bank', 'Crypto', 'Card_Square', 'Card_Stripe', 'None')),
	CONSTRAINT "orders_unit_type_check" CHECK ("orders"."unit_type" in ('LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD')),
	CONSTRAINT "orders_number_of_units_check" CHECK ("orders"."number_of_units" > 0 and "orders"."number_of_units" <= 9007199254740991),
	CONSTRAINT "orders_recipient_check" CHECK ("orders"."recipient_user_id" is null or "orders"."recipient_user_id" <> "orders"."user_id")
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_recipient_created_idx" ON "orders" USING btree ("recipient_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."recipient_user_id" is not null;