CREATE TABLE "impact_certificates" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"as_of" date NOT NULL,
	"figures_digest" text NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "impact_certificates" ADD CONSTRAINT "impact_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "impact_certificates_user_day_figures_key" ON "impact_certificates" USING btree ("user_id","as_of","figures_digest");