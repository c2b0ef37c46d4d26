CREATE TABLE "credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"rate_percent" integer NOT NULL,
	"paid_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"utgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	CONSTRAINT "credit_note_lines_position" UNIQUE("credit_note_id","position"),
	CONSTRAINT "credit_note_lines_add_up" CHECK (paid_paise = taxable_paise + cgst_paise + sgst_paise + utgst_paise + igst_paise),
	CONSTRAINT "credit_note_lines_halves_equal" CHECK ((sgst_paise = 0 OR sgst_paise = cgst_paise) AND (utgst_paise = 0 OR utgst_paise = cgst_paise))
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"reason" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_sequence" UNIQUE("fiscal_year","sequence"),
	CONSTRAINT "credit_notes_number_length" CHECK (length("credit_notes"."number") <= 16),
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_fiscal_year_pk" PRIMARY KEY("series","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "order_tax_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"rate_percent" integer NOT NULL,
	"paid_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"utgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	CONSTRAINT "order_tax_lines_position" UNIQUE("order_id","position"),
	CONSTRAINT "order_tax_lines_add_up" CHECK (paid_paise = taxable_paise + cgst_paise + sgst_paise + utgst_paise + igst_paise),
	CONSTRAINT "order_tax_lines_halves_equal" CHECK ((sgst_paise = 0 OR sgst_paise = cgst_paise) AND (utgst_paise = 0 OR utgst_paise = cgst_paise)),
	CONSTRAINT "order_tax_lines_non_negative" CHECK ("order_tax_lines"."paid_paise" >= 0 AND "order_tax_lines"."taxable_paise" >= 0 AND "order_tax_lines"."cgst_paise" >= 0 AND "order_tax_lines"."sgst_paise" >= 0 AND "order_tax_lines"."utgst_paise" >= 0 AND "order_tax_lines"."igst_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_taxes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"supply_kind" text NOT NULL,
	"place_code" text NOT NULL,
	"place_name" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_taxes_kind_known" CHECK ("order_taxes"."supply_kind" IN ('intra-state', 'intra-ut', 'inter-state'))
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tax_invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "tax_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_invoices_sequence" UNIQUE("fiscal_year","sequence"),
	CONSTRAINT "tax_invoices_number_length" CHECK (length("tax_invoices"."number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hsn_code" text DEFAULT '6111' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gst_legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gst_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gst_state_id" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "invoice_prefix" text DEFAULT 'INV' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gst_signatory" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "hsn_digits" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "gst_code" text;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_gst_state_id_states_id_fk" FOREIGN KEY ("gst_state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_gst_code_unique" UNIQUE("gst_code");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_hsn_digits" CHECK ("categories"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_digits" CHECK ("products"."hsn_code" IS NULL OR "products"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_invoice_prefix" CHECK ("shop_settings"."invoice_prefix" ~ '^[A-Z0-9]{1,4}$');--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_hsn_digits" CHECK ("shop_settings"."hsn_digits" IN (4, 6, 8));--> statement-breakpoint
-- Every state and Union Territory carries its GST state code (ADR 032), matched by name.
UPDATE "states" AS s SET "gst_code" = c.code
FROM (VALUES
  ('01', 'Jammu and Kashmir'),
  ('02', 'Himachal Pradesh'),
  ('03', 'Punjab'),
  ('04', 'Chandigarh'),
  ('05', 'Uttarakhand'),
  ('06', 'Haryana'),
  ('07', 'Delhi'),
  ('08', 'Rajasthan'),
  ('09', 'Uttar Pradesh'),
  ('10', 'Bihar'),
  ('11', 'Sikkim'),
  ('12', 'Arunachal Pradesh'),
  ('13', 'Nagaland'),
  ('14', 'Manipur'),
  ('15', 'Mizoram'),
  ('16', 'Tripura'),
  ('17', 'Meghalaya'),
  ('18', 'Assam'),
  ('19', 'West Bengal'),
  ('20', 'Jharkhand'),
  ('21', 'Odisha'),
  ('22', 'Chhattisgarh'),
  ('23', 'Madhya Pradesh'),
  ('24', 'Gujarat'),
  ('26', 'Dadra and Nagar Haveli and Daman and Diu'),
  ('27', 'Maharashtra'),
  ('29', 'Karnataka'),
  ('30', 'Goa'),
  ('31', 'Lakshadweep'),
  ('32', 'Kerala'),
  ('33', 'Tamil Nadu'),
  ('34', 'Puducherry'),
  ('35', 'Andaman and Nicobar Islands'),
  ('36', 'Telangana'),
  ('37', 'Andhra Pradesh'),
  ('38', 'Ladakh')
) AS c(code, name)
WHERE s.name = c.name;
