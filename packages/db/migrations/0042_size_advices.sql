CREATE TABLE "size_advices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size_id" integer,
	"confidence" text,
	"basis" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_advices_confidence" CHECK ("size_advices"."confidence" IN ('high', 'medium', 'low')),
	CONSTRAINT "size_advices_basis" CHECK ("size_advices"."basis" IN ('height', 'weight', 'age'))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "size_advice_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_advice_id" integer;--> statement-breakpoint
ALTER TABLE "size_advices" ADD CONSTRAINT "size_advices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_advices" ADD CONSTRAINT "size_advices_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "size_advices_product_idx" ON "size_advices" USING btree ("product_id","size_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_size_advice_id_size_advices_id_fk" FOREIGN KEY ("size_advice_id") REFERENCES "public"."size_advices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_size_advice_id_size_advices_id_fk" FOREIGN KEY ("size_advice_id") REFERENCES "public"."size_advices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
