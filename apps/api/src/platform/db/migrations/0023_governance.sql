CREATE TABLE "quiz_submissions" (
	"quiz_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"right_count" integer NOT NULL,
	"question_count" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_submissions_pkey" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"questions" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "quizzes_status_check" CHECK ("quizzes"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "vote_ballots" (
	"vote_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"cast_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vote_ballots_pkey" PRIMARY KEY("vote_id","user_id"),
	CONSTRAINT "vote_ballots_answer_check" CHECK ("vote_ballots"."answer" in ('y', 'n'))
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"closed_at" timestamp with time zone,
	"yes_count" integer,
	"no_count" integer,
	"eligible_count" integer,
	"yes_percentage" numeric(5, 2),
	"outcome" text,
	CONSTRAINT "votes_outcome_check" CHECK ("votes"."outcome" is null or "votes"."outcome" in ('Yes', 'No', 'Not Decided')),
	CONSTRAINT "votes_closed_result_check" CHECK (("votes"."closed_at" is null) = ("votes"."outcome" is null))
);
--> statement-breakpoint
ALTER TABLE "quiz_submissions" ADD CONSTRAINT "quiz_submissions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_submissions" ADD CONSTRAINT "quiz_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_submissions_user_idx" ON "quiz_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quizzes_status_published_idx" ON "quizzes" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "vote_ballots_user_idx" ON "vote_ballots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "votes_open_closes_at_idx" ON "votes" USING btree ("closes_at") WHERE "votes"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "votes_closes_at_idx" ON "votes" USING btree ("closes_at","id");