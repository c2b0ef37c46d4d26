ALTER TABLE "whatsapp_events" ADD COLUMN "handled" boolean;--> statement-breakpoint
-- Replies stored before the marker: a tap on a message the shop sent, or a STOP, was a handler's; the rest (free
-- texts, replies to messages the shop does not know) nobody was waiting for, and go to the owner's inbox.
UPDATE "whatsapp_events" SET "handled" = (
  ("reply_type" = 'button' AND "context_id" IN (SELECT "wa_message_id" FROM "outbox_messages" WHERE "wa_message_id" IS NOT NULL))
  OR ("reply_type" = 'text' AND lower(btrim("text")) IN ('stop', 'रोकें'))
) WHERE "event" = 'reply';--> statement-breakpoint
CREATE INDEX "whatsapp_events_stray_idx" ON "whatsapp_events" USING btree ("occurred_at","id") WHERE "whatsapp_events"."event" = 'reply' AND "whatsapp_events"."handled" = false;
