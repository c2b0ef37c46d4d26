CREATE TABLE "child_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" text,
	"birth_month" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_profiles_first_of_month" CHECK (extract(day from "child_profiles"."birth_month") = 1),
	CONSTRAINT "child_profiles_first_name_length" CHECK (char_length("child_profiles"."first_name") BETWEEN 1 AND 40)
);
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_purpose_known";--> statement-breakpoint
ALTER TABLE "child_profiles" ADD CONSTRAINT "child_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_profiles_user_idx" ON "child_profiles" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_purpose_known" CHECK ("consents"."purpose" IN ('marketing_email', 'cart_reminders', 'back_in_stock', 'whatsapp_updates', 'whatsapp_marketing', 'child_profile'));--> statement-breakpoint
-- Withdrawing the child_profile consent deletes the children kept under it (issue 38, ADR 059), whichever form or
-- link recorded the withdrawal: the profile's switch (by account) or a message's footer (by address, which finds
-- the account as the ledger's own reading does). The lock is the one child_profile_add takes for the account, so an
-- add that checked the consent before this withdrawal committed has written its row before this deletes, and one
-- after sees the withdrawal. The fit module owns child_profiles; this trigger is its answer to the ledger.
CREATE FUNCTION "child_profiles_follow_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account integer;
BEGIN
  FOR account IN
    SELECT u.id FROM users u
    WHERE u.id = NEW.user_id OR (NEW.email IS NOT NULL AND lower(u.email) = lower(NEW.email))
  LOOP
    PERFORM pg_advisory_xact_lock(hashtext('child-profiles'), account);
    DELETE FROM child_profiles WHERE user_id = account;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "consents_child_profile_withdrawn" AFTER INSERT ON "consents"
  FOR EACH ROW WHEN (NEW.purpose = 'child_profile' AND NOT NEW.given)
  EXECUTE FUNCTION "child_profiles_follow_consent"();--> statement-breakpoint
-- The privacy notice says what a child's profile keeps and what for (issue 38, ADR 059). A version is never changed
-- (ADR 049), so this is the next one: the version in force with the section put before its "Your rights" when it
-- has one, else at its end, as migration 0039 did. Written by no account, as versions 1 and 2 were.
INSERT INTO "privacy_notices" ("version", "body")
SELECT n."version" + 1,
  CASE WHEN position($m$

## Your rights$m$ IN n."body") > 0
    THEN replace(n."body", $m$

## Your rights$m$, $s$

## Your children's sizes

If you wish, your account can keep each child's first name (you may leave it out) and birth month, and nothing else about them, while you agree to it on your profile ("Keep my children’s first names and birth months to suggest their sizes, and nothing else"). It is the one thing we keep about a child, and only from you, their parent. We use them for one thing: to suggest sizes for that child, on a product page, in your cart when a size looks outside the child's age range, and in one e-mail per size when a child nears the top of a size you bought for them. They are never shared, never shown to our staff and never used for offers or anything else. Deleting a child deletes them; withdrawing that consent, or deleting your account, deletes them all.$s$ || $m$

## Your rights$m$)
    ELSE n."body" || $s$

## Your children's sizes

If you wish, your account can keep each child's first name (you may leave it out) and birth month, and nothing else about them, while you agree to it on your profile ("Keep my children’s first names and birth months to suggest their sizes, and nothing else"). It is the one thing we keep about a child, and only from you, their parent. We use them for one thing: to suggest sizes for that child, on a product page, in your cart when a size looks outside the child's age range, and in one e-mail per size when a child nears the top of a size you bought for them. They are never shared, never shown to our staff and never used for offers or anything else. Deleting a child deletes them; withdrawing that consent, or deleting your account, deletes them all.$s$
  END
FROM (
  -- The children's section of the default notice said the shop collects nothing of a child; it now names the one
  -- exception. An owner's own words are left as they are.
  SELECT "version", replace("body", 'we do not serve children under 13 or knowingly collect their data.',
    'we do not serve children under 13, and the one thing we keep about a child is what a parent chooses to keep for the child''s sizes (below).') AS "body"
  FROM "privacy_notices"
  ORDER BY "version" DESC
  LIMIT 1
) n;
