CREATE TABLE "shopper_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"guest_id" integer,
	"order_id" integer,
	"name" text NOT NULL,
	"widths" integer[] NOT NULL,
	"url" text NOT NULL,
	"private" boolean NOT NULL,
	"review_id" integer,
	"return_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_photos_one_owner_at_most" CHECK ("shopper_photos"."user_id" IS NULL OR "shopper_photos"."guest_id" IS NULL),
	CONSTRAINT "shopper_photos_review_public" CHECK ("shopper_photos"."review_id" IS NULL OR NOT "shopper_photos"."private"),
	CONSTRAINT "shopper_photos_return_private" CHECK ("shopper_photos"."return_id" IS NULL OR "shopper_photos"."private"),
	CONSTRAINT "shopper_photos_name_hex" CHECK ("shopper_photos"."name" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
ALTER TABLE "shopper_photos" ADD CONSTRAINT "shopper_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_photos" ADD CONSTRAINT "shopper_photos_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_photos" ADD CONSTRAINT "shopper_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_photos" ADD CONSTRAINT "shopper_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_photos" ADD CONSTRAINT "shopper_photos_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopper_photos_name_idx" ON "shopper_photos" USING btree ("name","private");--> statement-breakpoint
CREATE INDEX "shopper_photos_user_idx" ON "shopper_photos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shopper_photos_guest_idx" ON "shopper_photos" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "shopper_photos_review_idx" ON "shopper_photos" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "shopper_photos_return_idx" ON "shopper_photos" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "shopper_photos_unattached_idx" ON "shopper_photos" USING btree ("created_at") WHERE "shopper_photos"."review_id" IS NULL AND "shopper_photos"."return_id" IS NULL;