CREATE TABLE "cod_prepayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider_order_id" text,
	"payment_link_id" text,
	"short_url" text,
	"amount_paise" integer NOT NULL,
	"prepaid_discount_paise" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_prepayments_provider_order_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "cod_prepayments_payment_link_unique" UNIQUE("payment_link_id"),
	CONSTRAINT "cod_prepayments_amount_positive" CHECK ("cod_prepayments"."amount_paise" > 0 AND "cod_prepayments"."prepaid_discount_paise" >= 0),
	CONSTRAINT "cod_prepayments_kind_known" CHECK ("cod_prepayments"."kind" IN ('checkout', 'link'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_razorpay_payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text,
	"reference_id" text,
	"customer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"callback_url" text,
	"callback_method" text,
	"expire_by" integer,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_id" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_razorpay_payment_links_reference_unique" UNIQUE("reference_id"),
	CONSTRAINT "sandbox_razorpay_payment_links_amount_positive" CHECK ("sandbox_razorpay_payment_links"."amount_paise" >= 100)
);
--> statement-breakpoint
ALTER TABLE "cod_prepayments" ADD CONSTRAINT "cod_prepayments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_razorpay_payment_links" ADD CONSTRAINT "sandbox_razorpay_payment_links_order_id_sandbox_razorpay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_razorpay_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_prepayments_order_idx" ON "cod_prepayments" USING btree ("order_id");