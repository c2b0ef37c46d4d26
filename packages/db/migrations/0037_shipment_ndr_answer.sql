ALTER TABLE "shipments" ADD COLUMN "answered_attempt" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "answered_via" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_answered_via_known" CHECK ("shipments"."answered_via" IN ('console', 'link', 'whatsapp'));