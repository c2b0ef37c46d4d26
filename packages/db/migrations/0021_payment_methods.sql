ALTER TABLE "payments" ADD COLUMN "vpa" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wallet" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_network" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "sandbox_razorpay_payments" ADD COLUMN "card_network" text;--> statement-breakpoint
ALTER TABLE "sandbox_razorpay_payments" ADD COLUMN "vpa" text;--> statement-breakpoint
ALTER TABLE "sandbox_razorpay_payments" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "sandbox_razorpay_payments" ADD COLUMN "wallet" text;