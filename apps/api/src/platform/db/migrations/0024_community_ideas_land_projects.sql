CREATE TABLE "idea_supports" (
	"idea_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_supports_idea_id_user_id_pk" PRIMARY KEY("idea_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ideas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"support_count" integer DEFAULT 0 NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ideas_status_check" CHECK ("ideas"."status" in ('new', 'under_review', 'adopted', 'declined')),
	CONSTRAINT "ideas_support_count_check" CHECK ("ideas"."support_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "land_project_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"happened_on" date NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"area_hectares" numeric(9, 2) NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"image_id" text,
	"image_alt" text DEFAULT '' NOT NULL,
	"co2_tonnes" integer,
	"trees_planted" integer,
	"hedgerow_metres" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"finished_on" date,
	"is_teaser" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "land_projects_state_check" CHECK ("land_projects"."state" in ('open', 'finished')),
	CONSTRAINT "land_projects_area_positive" CHECK ("land_projects"."area_hectares" > 0),
	CONSTRAINT "land_projects_teaser_running" CHECK (not "land_projects"."is_teaser" or "land_projects"."state" = 'open'),
	CONSTRAINT "land_projects_figures" CHECK (coalesce("land_projects"."co2_tonnes", 0) >= 0 and coalesce("land_projects"."trees_planted", 0) >= 0 and coalesce("land_projects"."hedgerow_metres", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "idea_supports" ADD CONSTRAINT "idea_supports_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_supports" ADD CONSTRAINT "idea_supports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_project_updates" ADD CONSTRAINT "land_project_updates_project_id_land_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."land_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_projects" ADD CONSTRAINT "land_projects_image_id_site_images_sha256_fk" FOREIGN KEY ("image_id") REFERENCES "public"."site_images"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_supports_user_idx" ON "idea_supports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ideas_support_idx" ON "ideas" USING btree ("hidden","support_count","id");--> statement-breakpoint
CREATE INDEX "ideas_created_idx" ON "ideas" USING btree ("hidden","created_at","id");--> statement-breakpoint
CREATE INDEX "land_project_updates_project_idx" ON "land_project_updates" USING btree ("project_id","happened_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "land_projects_one_teaser_idx" ON "land_projects" USING btree ("is_teaser") WHERE "land_projects"."is_teaser";--> statement-breakpoint
CREATE INDEX "land_projects_state_idx" ON "land_projects" USING btree ("state","id");