CREATE TABLE "sandbox_shiprocket_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"status" text NOT NULL,
	"activity" text NOT NULL,
	"location" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shiprocket_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_order_id" text NOT NULL,
	"is_return" boolean DEFAULT false NOT NULL,
	"pickup_location" text,
	"payment_method" text NOT NULL,
	"cod_paise" integer DEFAULT 0 NOT NULL,
	"sub_total_paise" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"dimensions_cm" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"return_to" jsonb,
	"items" jsonb NOT NULL,
	"status_id" integer NOT NULL,
	"status" text NOT NULL,
	"awb" text,
	"courier_id" integer,
	"courier_name" text,
	"pickup_scheduled_at" timestamp with time zone,
	"pickup_token" text,
	"label_generated_at" timestamp with time zone,
	"etd" timestamp with time zone,
	"ndr_attempts" integer DEFAULT 0 NOT NULL,
	"ndr_reason" text,
	"ndr_raised_at" timestamp with time zone,
	"ndr_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_shiprocket_shipments_awb_unique" UNIQUE("awb"),
	CONSTRAINT "sandbox_shiprocket_shipments_channel_order_unique" UNIQUE("channel_order_id","is_return"),
	CONSTRAINT "sandbox_shiprocket_shipments_weight_positive" CHECK ("sandbox_shiprocket_shipments"."weight_grams" > 0),
	CONSTRAINT "sandbox_shiprocket_shipments_cod_non_negative" CHECK ("sandbox_shiprocket_shipments"."cod_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_shiprocket_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"awb" text NOT NULL,
	"status_id" integer NOT NULL,
	"body" text NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_shiprocket_scans" ADD CONSTRAINT "sandbox_shiprocket_scans_shipment_id_sandbox_shiprocket_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."sandbox_shiprocket_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_shiprocket_scans_shipment_idx" ON "sandbox_shiprocket_scans" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "sandbox_shiprocket_webhooks_awb_idx" ON "sandbox_shiprocket_webhooks" USING btree ("awb");