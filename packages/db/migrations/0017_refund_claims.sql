CREATE TABLE "refund_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"provider_key" text NOT NULL,
	"state" text DEFAULT 'asking' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refund_claims_provider_key_unique" UNIQUE("provider_key"),
	CONSTRAINT "refund_claims_amount_positive" CHECK ("refund_claims"."amount_paise" > 0),
	CONSTRAINT "refund_claims_state" CHECK ("refund_claims"."state" IN ('asking', 'made', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "refund_claims" ADD CONSTRAINT "refund_claims_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_claims_payment_idx" ON "refund_claims" USING btree ("payment_id");