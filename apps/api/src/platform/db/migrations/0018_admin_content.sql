CREATE TABLE "site_images" (
	"sha256" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_images_sha256_format" CHECK ("site_images"."sha256" ~ '^[a-f0-9]{64}$'),
	CONSTRAINT "site_images_content_type" CHECK ("site_images"."content_type" in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
DROP INDEX "news_items_published_idx";--> statement-breakpoint
DROP INDEX "news_items_category_idx";--> statement-breakpoint
ALTER TABLE "news_items" ALTER COLUMN "image" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ALTER COLUMN "link" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "photo_id" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_image_id_site_images_sha256_fk" FOREIGN KEY ("image_id") REFERENCES "public"."site_images"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_photo_id_site_images_sha256_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."site_images"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_items_category_all_idx" ON "news_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "news_items"."status" = 'published';--> statement-breakpoint
CREATE INDEX "news_items_category_idx" ON "news_items" USING btree ("category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "news_items"."status" = 'published';--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_status" CHECK ("news_items"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_published_has_date" CHECK ("news_items"."status" = 'draft' or "news_items"."published_at" is not null);--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_has_image" CHECK ("news_items"."image" is not null or "news_items"."image_id" is not null);