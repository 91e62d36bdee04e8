CREATE TABLE "sell_payouts" (
	"order_id" text PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"needs_second_admin" boolean NOT NULL,
	"bank_reference" text NOT NULL,
	"bank_details" jsonb NOT NULL,
	"marked_by" uuid NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "sell_payouts_amount_check" CHECK ("sell_payouts"."amount_cents" >= 0),
	CONSTRAINT "sell_payouts_second_admin_check" CHECK ("sell_payouts"."needs_second_admin" = ("sell_payouts"."amount_cents" >= 1000000)),
	CONSTRAINT "sell_payouts_confirmed_check" CHECK (("sell_payouts"."confirmed_by" is null) = ("sell_payouts"."confirmed_at" is null)),
	CONSTRAINT "sell_payouts_four_eyes_check" CHECK (not "sell_payouts"."needs_second_admin" or "sell_payouts"."confirmed_by" is null or "sell_payouts"."confirmed_by" <> "sell_payouts"."marked_by"),
	CONSTRAINT "sell_payouts_reference_check" CHECK (length("sell_payouts"."bank_reference") between 4 and 64)
);
--> statement-breakpoint
ALTER TABLE "sell_payouts" ADD CONSTRAINT "sell_payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;