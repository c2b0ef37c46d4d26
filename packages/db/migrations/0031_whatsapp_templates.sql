CREATE TABLE "whatsapp_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejected_reason" text,
	"meta_id" text,
	"submitted_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_templates_name_language_unique" UNIQUE("name","language"),
	CONSTRAINT "whatsapp_templates_name_format" CHECK ("whatsapp_templates"."name" ~ '^[a-z0-9_]{1,512}$'),
	CONSTRAINT "whatsapp_templates_language_known" CHECK ("whatsapp_templates"."language" IN ('en', 'hi')),
	CONSTRAINT "whatsapp_templates_category_known" CHECK ("whatsapp_templates"."category" IN ('utility', 'marketing', 'authentication')),
	CONSTRAINT "whatsapp_templates_status_known" CHECK ("whatsapp_templates"."status" IN ('draft', 'pending', 'approved', 'rejected', 'paused', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "whatsapp_kinds" text[] DEFAULT '{order_cod_confirm,order_shipped,shipment_out_for_delivery,shipment_undelivered}'::text[] NOT NULL;