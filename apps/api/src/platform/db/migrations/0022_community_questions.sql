CREATE TABLE "community_agent_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"experience_and_motivation" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_agent_applications_status_check" CHECK ("community_agent_applications"."status" in ('pending', 'approved', 'rejected', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "community_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_answers_kind_check" CHECK ("community_answers"."author_kind" in ('agent', 'team')),
	CONSTRAINT "community_answers_hidden_check" CHECK (("community_answers"."hidden_at" is null) = ("community_answers"."hidden_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "community_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"accepted_answer_id" bigint,
	"closed_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_questions_status_check" CHECK ("community_questions"."status" in ('open', 'closed')),
	CONSTRAINT "community_questions_hidden_check" CHECK (("community_questions"."hidden_at" is null) = ("community_questions"."hidden_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "community_agent_applications" ADD CONSTRAINT "community_agent_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_answers" ADD CONSTRAINT "community_answers_question_id_community_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."community_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_answers" ADD CONSTRAINT "community_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_questions" ADD CONSTRAINT "community_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_agent_applications_one_pending_uq" ON "community_agent_applications" USING btree ("user_id") WHERE "community_agent_applications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "community_agent_applications_one_approved_uq" ON "community_agent_applications" USING btree ("user_id") WHERE "community_agent_applications"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "community_agent_applications_status_created_idx" ON "community_agent_applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "community_agent_applications_user_idx" ON "community_agent_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_answers_question_id_uq" ON "community_answers" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "community_questions_status_created_idx" ON "community_questions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "community_questions_user_created_idx" ON "community_questions" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- hand-written
-- The accepted answer is one of the question's own answers (drizzle cannot declare a composite foreign key between these two tables).
ALTER TABLE "community_questions" ADD CONSTRAINT "community_questions_accepted_answer_fk" FOREIGN KEY ("id","accepted_answer_id") REFERENCES "public"."community_answers"("question_id","id") ON DELETE no action ON UPDATE no action;
