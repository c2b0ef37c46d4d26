CREATE TABLE "sandbox_razorpay_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"amount_paid_paise" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_razorpay_orders_receipt_unique" UNIQUE("receipt"),
	CONSTRAINT "sandbox_razorpay_orders_amount_positive" CHECK ("sandbox_razorpay_orders"."amount_paise" > 0),
	CONSTRAINT "sandbox_razorpay_orders_paid_within_amount" CHECK ("sandbox_razorpay_orders"."amount_paid_paise" BETWEEN 0 AND "sandbox_razorpay_orders"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "sandbox_razorpay_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text DEFAULT 'card' NOT NULL,
	"captured" boolean DEFAULT false NOT NULL,
	"amount_refunded_paise" integer DEFAULT 0 NOT NULL,
	"card_last4" text,
	"email" text,
	"contact" text,
	"error_code" text,
	"error_description" text,
	"error_source" text,
	"error_step" text,
	"error_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_razorpay_payments_refund_within_amount" CHECK ("sandbox_razorpay_payments"."amount_refunded_paise" >= 0 AND "sandbox_razorpay_payments"."amount_refunded_paise" <= "sandbox_razorpay_payments"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "sandbox_razorpay_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_razorpay_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_razorpay_refunds_amount_positive" CHECK ("sandbox_razorpay_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_razorpay_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"signature" text NOT NULL,
	"order_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_razorpay_webhooks_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_razorpay_payments" ADD CONSTRAINT "sandbox_razorpay_payments_order_id_sandbox_razorpay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_razorpay_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_razorpay_refunds" ADD CONSTRAINT "sandbox_razorpay_refunds_payment_id_sandbox_razorpay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_razorpay_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_razorpay_payments_order_idx" ON "sandbox_razorpay_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_razorpay_refunds_payment_idx" ON "sandbox_razorpay_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sandbox_razorpay_webhooks_order_idx" ON "sandbox_razorpay_webhooks" USING btree ("order_id");