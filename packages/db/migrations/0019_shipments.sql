CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text,
	"reason" text,
	"raw" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text DEFAULT 'forward' NOT NULL,
	"return_id" integer,
	"provider" text NOT NULL,
	"booking" text DEFAULT 'booking' NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"awb" text,
	"courier_name" text,
	"tracking_url" text,
	"label_url" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"status_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_reason" text,
	"etd" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_awb_unique" UNIQUE("awb"),
	CONSTRAINT "shipments_return_has_return" CHECK (("shipments"."kind" = 'return') = ("shipments"."return_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_once" ON "shipment_events" USING btree ("shipment_id","status","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_forward_per_order" ON "shipments" USING btree ("order_id") WHERE "shipments"."kind" = 'forward';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_pickup_per_return" ON "shipments" USING btree ("return_id") WHERE "shipments"."return_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status");