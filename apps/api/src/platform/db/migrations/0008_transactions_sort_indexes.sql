-- The transactions list sorted by units or by status (docs/decisions/0006-order-life-cycles.md):
-- one index per sort and direction side (placed by the person, received by them), scanned
-- forwards for descending and backwards for ascending. Status sorts in byte order ("C"), the same
-- on every server whatever its locale. Written by hand: drizzle cannot express the collation.
CREATE INDEX "orders_user_units_idx" ON "orders" ("user_id", "number_of_units" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" ("user_id", ("order_status" COLLATE "C") DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "orders_recipient_units_idx" ON "orders" ("recipient_user_id", "number_of_units" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "recipient_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_recipient_status_idx" ON "orders" ("recipient_user_id", ("order_status" COLLATE "C") DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "recipient_user_id" IS NOT NULL;
