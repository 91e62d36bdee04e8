CREATE TABLE "email_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"product_news" boolean DEFAULT true NOT NULL,
	"governance" boolean DEFAULT true NOT NULL,
	"community" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"sell_hold_until" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"reupload_slot" text,
	"reupload_reason" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"passport_expiry_date" date,
	"expiry_warned_30_at" timestamp with time zone,
	"expiry_warned_7_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"reupload_slot" text,
	"reupload_reason" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"file_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "verification_documents_slot_check" CHECK ("verification_documents"."slot" in ('passportFile', 'registrationDocument', 'optionalDocument', 'bankStatement', 'identityDocument'))
);
--> statement-breakpoint
CREATE TABLE "verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"verification" text NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text,
	"internal_note" text,
	"document_slot" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_events_kind_check" CHECK ("verification_events"."verification" in ('profile', 'bank')),
	CONSTRAINT "verification_events_action_check" CHECK ("verification_events"."action" in ('saved', 'submitted', 'withdrawn', 'approved', 'rejected', 'reuploadRequested', 'expired', 'reopened'))
);
--> statement-breakpoint
CREATE TABLE "email_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"new_email" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"document_key" text,
	"document_name" text,
	"document_content_type" text,
	"document_size" integer,
	"outcome" text,
	"rejection_reason" text,
	"internal_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"old_email" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_change_requests_status_check" CHECK ("email_change_requests"."status" in ('PendingPasswordVerification', 'PasswordVerified', 'PendingNewEmailVerification', 'VerifiedNewEmail', 'DocumentsUploaded', 'PendingAdminApproval', 'CancelledByUser')),
	CONSTRAINT "email_change_requests_outcome_check" CHECK ("email_change_requests"."outcome" is null or "email_change_requests"."outcome" in ('Approved', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_verifications" ADD CONSTRAINT "bank_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_verifications" ADD CONSTRAINT "profile_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_current_idx" ON "verification_documents" USING btree ("user_id","slot") WHERE "verification_documents"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "verification_events_user_idx" ON "verification_events" USING btree ("user_id","verification","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_requests_open_idx" ON "email_change_requests" USING btree ("user_id") WHERE "email_change_requests"."outcome" is null and "email_change_requests"."status" <> 'CancelledByUser';--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_requests_token_idx" ON "email_change_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_change_requests_queue_idx" ON "email_change_requests" USING btree ("updated_at") WHERE "email_change_requests"."outcome" is null and "email_change_requests"."status" = 'PendingAdminApproval';