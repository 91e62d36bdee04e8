CREATE TABLE "chat_canned_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"visitor_name" text,
	"visitor_email" text,
	"consent_at" timestamp with time zone,
	"visitor_token_hash" text,
	"resume_token_hash" text,
	"resume_expires_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_admin_id" uuid,
	"customer_last_read_id" bigint DEFAULT 0 NOT NULL,
	"agent_last_read_id" bigint DEFAULT 0 NOT NULL,
	"emailed_up_to_id" bigint DEFAULT 0 NOT NULL,
	"waiting_since" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "chat_conversations_status_check" CHECK ("chat_conversations"."status" in ('open', 'closed')),
	CONSTRAINT "chat_conversations_owner_check" CHECK (("chat_conversations"."user_id" is not null) or ("chat_conversations"."visitor_token_hash" is not null and "chat_conversations"."visitor_email" is not null and "chat_conversations"."consent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"from" text NOT NULL,
	"author_admin_id" uuid,
	"body" text NOT NULL,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_from_check" CHECK ("chat_messages"."from" in ('customer', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assigned_admin_id_users_id_fk" FOREIGN KEY ("assigned_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_admin_id_users_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_open_user_key" ON "chat_conversations" USING btree ("user_id") WHERE "chat_conversations"."status" = 'open' and "chat_conversations"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_open_visitor_key" ON "chat_conversations" USING btree ("visitor_token_hash") WHERE "chat_conversations"."status" = 'open' and "chat_conversations"."visitor_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_resume_key" ON "chat_conversations" USING btree ("resume_token_hash");--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("status","waiting_since","id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key" ON "chat_messages" USING btree ("conversation_id","client_id");