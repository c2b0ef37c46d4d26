ALTER TABLE "payments" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
-- Backfill (ADR 020): until now a captured payment the shop did not accept was told apart only by
-- its note, "Not accepted: <reason>. Refunding in full." / "… Refunded in full (refund …)." /
-- "… THE REFUND FAILED (…); refund it from the admin console.". The reason moves to its own column.
UPDATE "payments"
SET "refusal_reason" = COALESCE(
  substring("note" from '^Not accepted: (.*?)\. (?:Refunding in full\.|Refunded in full|THE REFUND FAILED)'),
  'it could not be accepted'
)
WHERE "status" <> 'failed' AND "note" IS NOT NULL;--> statement-breakpoint
-- A captured payment was accepted when it had no note; otherwise its refund was under way or had failed.
UPDATE "payments"
SET "status" = CASE
  WHEN "refusal_reason" IS NULL THEN 'accepted'
  WHEN "note" LIKE 'Not accepted: %. Refunding in full.' THEN 'refund_pending'
  ELSE 'refund_failed'
END
WHERE "status" = 'captured';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK (status IN ('failed', 'accepted', 'refund_pending', 'refund_failed', 'partially_refunded', 'refunded'));
