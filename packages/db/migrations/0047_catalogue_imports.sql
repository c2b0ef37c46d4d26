CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"sha256" text NOT NULL,
	"options_hash" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"summary" jsonb NOT NULL,
	"rejected_csv" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_file_idx" ON "catalogue_imports" USING btree ("sha256","options_hash");