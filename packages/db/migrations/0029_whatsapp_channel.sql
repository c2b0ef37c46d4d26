CREATE TABLE "sandbox_whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"direction" text NOT NULL,
	"phone" text NOT NULL,
	"template" text,
	"language" text,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text NOT NULL,
	"context_id" text,
	"button_payload" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_whatsapp_messages_wamid_unique" UNIQUE("wamid"),
	CONSTRAINT "sandbox_whatsapp_messages_direction_known" CHECK ("sandbox_whatsapp_messages"."direction" IN ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_whatsapp_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"body_example" jsonb,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"rejected_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_whatsapp_templates_name_language_unique" UNIQUE("name","language")
);
--> statement-breakpoint
CREATE TABLE "sandbox_whatsapp_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"event" text NOT NULL,
	"phone" text NOT NULL,
	"context_id" text,
	"reply_type" text,
	"button_payload" text,
	"text" text,
	"error" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_events_event_known" CHECK ("whatsapp_events"."event" IN ('sent', 'delivered', 'read', 'failed', 'reply'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "wa_phone" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "wa_template" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "wa_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "wa_status" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "wa_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "wa_error" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "fallback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "fallback_reason" text;--> statement-breakpoint
CREATE INDEX "sandbox_whatsapp_messages_phone_idx" ON "sandbox_whatsapp_messages" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sandbox_whatsapp_webhooks_wamid_idx" ON "sandbox_whatsapp_webhooks" USING btree ("wamid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_events_message_event_unique" ON "whatsapp_events" USING btree ("message_id","event");--> statement-breakpoint
CREATE INDEX "whatsapp_events_context_idx" ON "whatsapp_events" USING btree ("context_id");--> statement-breakpoint
CREATE INDEX "whatsapp_events_phone_idx" ON "whatsapp_events" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_wa_message_id_unique" ON "outbox_messages" USING btree ("wa_message_id");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel_known" CHECK ("outbox_messages"."channel" IN ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_wa_status_known" CHECK ("outbox_messages"."wa_status" IS NULL OR "outbox_messages"."wa_status" IN ('sent', 'delivered', 'read', 'failed'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_whatsapp_has_template" CHECK ("outbox_messages"."channel" <> 'whatsapp' OR ("outbox_messages"."wa_phone" IS NOT NULL AND "outbox_messages"."wa_template" IS NOT NULL));