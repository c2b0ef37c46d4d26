CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text,
	"phone" text,
	"purpose" text NOT NULL,
	"given" boolean NOT NULL,
	"notice_version" integer,
	"source" text NOT NULL,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose_known" CHECK ("consents"."purpose" IN ('marketing_email', 'cart_reminders', 'back_in_stock', 'whatsapp_updates', 'whatsapp_marketing')),
	CONSTRAINT "consents_source_known" CHECK ("consents"."source" IN ('signup', 'checkout', 'profile', 'newsletter', 'stock_alert', 'message_footer', 'migration'))
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"author_admin_id" integer,
	"author_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "notice_version" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_author_admin_id_admin_users_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree (lower("email"),"purpose");--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "consents_phone_idx" ON "consents" USING btree ("phone","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_notices_version_unique" ON "privacy_notices" USING btree ("version");--> statement-breakpoint
-- The ledger is appended to, never rewritten: no entry may be deleted, and an update may only erase the identity
-- (an account's erasure, or the account's own deletion setting user_id to null), never what was said, when or where.
CREATE FUNCTION "consents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'the consent ledger is append-only: entries are never deleted';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.purpose IS DISTINCT FROM OLD.purpose OR NEW.given IS DISTINCT FROM OLD.given
    OR NEW.notice_version IS DISTINCT FROM OLD.notice_version OR NEW.source IS DISTINCT FROM OLD.source
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR (NEW.user_id IS DISTINCT FROM OLD.user_id AND NEW.user_id IS NOT NULL)
    OR (NEW.email IS DISTINCT FROM OLD.email AND NEW.email IS NOT NULL)
    OR (NEW.phone IS DISTINCT FROM OLD.phone AND NEW.phone IS NOT NULL)
    OR (NEW.client_address IS DISTINCT FROM OLD.client_address AND NEW.client_address IS NOT NULL) THEN
    RAISE EXCEPTION 'the consent ledger is append-only: an entry may only lose its identity';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "consents_append_only" BEFORE UPDATE OR DELETE ON "consents"
  FOR EACH ROW EXECUTE FUNCTION "consents_append_only"();--> statement-breakpoint
-- The default notice, version 1: itemised as the DPDP Rules (rule 3) ask. The owner edits it in the console.
INSERT INTO "privacy_notices" ("version", "body") VALUES (1, $notice$Kapaas makes organic cotton clothing for children and sells it to adults. This notice says, in plain words, what we collect about you, why, how to say no, and how to complain. It follows India's Digital Personal Data Protection Act, 2023.

## What we collect, and why

- **Your name, e-mail address and mobile number**: to create your account, take your order, send you messages about it, and answer you when you write to us.
- **Your delivery addresses**: to deliver your parcels. Our courier partner sees your name, address and phone for that parcel only.
- **Your orders, payments, returns and invoices**: to deliver, refund and exchange, and because tax law (GST) makes us keep invoices for six years. Your card or UPI details go to our payment provider; we never see or keep a card number.
- **Your cart and wishlist**: so that they wait for you when you come back.
- **Your reviews and photos**: to show them to other parents, with your first name only.
- **Your e-mail address, when you ask for it**: to send offers and news, a reminder of your cart, or one message when a sold-out size is back. Each of these is a separate choice.
- **Your device's internet address**: to keep the shop safe from abuse, and to record when and where you gave or withdrew a consent.

## Your consents, and how to withdraw them

We send offers, cart reminders and back-in-stock messages only while you agree to each. You can say yes when you sign up, check out, subscribe or ask to be told about a size.

Withdrawing is as easy as agreeing:

- every such e-mail has a one-click link at its foot that stops that kind of message;
- your profile page lists each consent with a switch you can turn off or on at any time.

Messages about an order you placed (confirmation, shipping, delivery, refunds) are not marketing and always reach you.

## Children

Our clothes are for children, but the shop is for adults: you must be at least 18 to buy, and we do not serve children under 13 or knowingly collect their data. We do not track or profile children, and we do not target advertising at them. The shop has no third-party trackers and no advertising pixels; its one cookie keeps you signed in and remembers your cart.

## Your rights

You may ask us for a summary of the data we hold about you, to correct it, or to erase it. We erase everything except the tax invoices the law makes us keep, which we keep without anything else about you. You may name someone to act for you if you cannot.

## How to complain

Write to our grievance officer, named below. We answer every complaint within 90 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.

## Changes to this notice

When we change this notice, we publish a new version here. We keep every version, and the version you saw when you gave a consent is recorded with it.$notice$);--> statement-breakpoint
-- The flags of before move into the ledger, each as the consent or withdrawal it was, at the time it was said.
-- A confirmed newsletter subscriber said yes to offers; the cart reminder went to registered subscribers, so their
-- accounts said yes to it too.
INSERT INTO "consents" ("user_id", "email", "purpose", "given", "source", "created_at")
SELECT u."id", lower(n."email"), p."purpose", true, 'migration', coalesce(n."confirmed_at", n."created_at")
FROM "newsletter_subscribers" n
LEFT JOIN "users" u ON lower(u."email") = lower(n."email")
CROSS JOIN (VALUES ('marketing_email'), ('cart_reminders')) AS p("purpose")
WHERE n."confirmed_at" IS NOT NULL AND (p."purpose" = 'marketing_email' OR u."id" IS NOT NULL);--> statement-breakpoint
-- A waiting "notify me" request asked for its message.
INSERT INTO "consents" ("email", "purpose", "given", "source", "created_at")
SELECT DISTINCT ON (lower(a."email")) lower(a."email"), 'back_in_stock', true, 'migration', a."created_at"
FROM "stock_alerts" a WHERE a."notified_at" IS NULL
ORDER BY lower(a."email"), a."created_at";--> statement-breakpoint
-- A one-click unsubscribe said no to every e-mail that was not about an order (mail_suppressions goes in 0026).
INSERT INTO "consents" ("user_id", "email", "purpose", "given", "source", "created_at")
SELECT u."id", lower(s."email"), p."purpose", false, 'migration', s."created_at"
FROM "mail_suppressions" s
LEFT JOIN "users" u ON lower(u."email") = lower(s."email")
CROSS JOIN (VALUES ('marketing_email'), ('cart_reminders'), ('back_in_stock')) AS p("purpose");
