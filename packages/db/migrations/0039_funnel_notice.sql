-- The privacy notice says what the funnel counts (issue 37, ADR 053). A version is never changed (ADR 049), so this is
-- the next one: the version in force (the default, or the owner's own) with a section on the counts, put before its
-- "Changes to this notice" when it has one, else at its end. Written by no account, as version 1 was.
INSERT INTO "privacy_notices" ("version", "body")
SELECT n."version" + 1,
  CASE WHEN position($m$

## Changes to this notice$m$ IN n."body") > 0
    THEN replace(n."body", $m$

## Changes to this notice$m$, $s$

## What we count, without knowing who you are

To learn which clothes interest people, the shop counts, for each product and each day: how many times its page was opened, how many times it was put in a cart, how many checkouts included it, and how many orders of it were paid (or, for cash on delivery, placed and confirmed). These are numbers only: no cookie, no identifier and no internet address is kept with them, nothing is shared with a third party, and visits by known search-engine and other robots are not counted.$s$ || $m$

## Changes to this notice$m$)
    ELSE n."body" || $s$

## What we count, without knowing who you are

To learn which clothes interest people, the shop counts, for each product and each day: how many times its page was opened, how many times it was put in a cart, how many checkouts included it, and how many orders of it were paid (or, for cash on delivery, placed and confirmed). These are numbers only: no cookie, no identifier and no internet address is kept with them, nothing is shared with a third party, and visits by known search-engine and other robots are not counted.$s$
  END
FROM "privacy_notices" n
ORDER BY n."version" DESC
LIMIT 1;
