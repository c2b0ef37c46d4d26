CREATE TABLE "size_chart_rows" (
	"chart_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"age_min_months" integer NOT NULL,
	"age_max_months" integer NOT NULL,
	"height_min_cm" integer NOT NULL,
	"height_max_cm" integer NOT NULL,
	"weight_min_kg" numeric(4, 1) NOT NULL,
	"weight_max_kg" numeric(4, 1) NOT NULL,
	"chest_cm" integer NOT NULL,
	"length_cm" integer NOT NULL,
	CONSTRAINT "size_chart_rows_chart_id_size_id_pk" PRIMARY KEY("chart_id","size_id"),
	CONSTRAINT "size_chart_rows_ages" CHECK ("size_chart_rows"."age_min_months" >= 0 AND "size_chart_rows"."age_min_months" <= "size_chart_rows"."age_max_months" AND "size_chart_rows"."age_max_months" <= 144),
	CONSTRAINT "size_chart_rows_heights" CHECK ("size_chart_rows"."height_min_cm" >= 40 AND "size_chart_rows"."height_min_cm" <= "size_chart_rows"."height_max_cm" AND "size_chart_rows"."height_max_cm" <= 150),
	CONSTRAINT "size_chart_rows_weights" CHECK ("size_chart_rows"."weight_min_kg" >= 2 AND "size_chart_rows"."weight_min_kg" <= "size_chart_rows"."weight_max_kg" AND "size_chart_rows"."weight_max_kg" <= 40),
	CONSTRAINT "size_chart_rows_measures" CHECK ("size_chart_rows"."chest_cm" > 0 AND "size_chart_rows"."length_cm" > 0)
);
--> statement-breakpoint
CREATE TABLE "size_charts" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"product_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_charts_category_id_unique" UNIQUE("category_id"),
	CONSTRAINT "size_charts_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "size_charts_one_owner" CHECK (("size_charts"."category_id" IS NULL) <> ("size_charts"."product_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "size_chart_rows" ADD CONSTRAINT "size_chart_rows_chart_id_size_charts_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."size_charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_chart_rows" ADD CONSTRAINT "size_chart_rows_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;