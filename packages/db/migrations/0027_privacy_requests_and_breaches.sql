CREATE TABLE "breach_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"breach_id" integer NOT NULL,
	"email" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "breaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"what_happened" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer,
	"recorded_by_email" text NOT NULL,
	"notice_subject" text,
	"notice_body" text,
	"audience" text,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"message" text NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_due_once_confirmed" CHECK (("privacy_requests"."confirmed_at" IS NULL) = ("privacy_requests"."due_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_breach_id_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_recorded_by_admin_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_answered_by_admin_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breach_notices_once" ON "breach_notices" USING btree ("breach_id",lower("email"));--> statement-breakpoint
CREATE INDEX "breach_notices_breach_idx" ON "breach_notices" USING btree ("breach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_token_unique" ON "privacy_requests" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "privacy_requests_due_idx" ON "privacy_requests" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id");