import { CONSENT_PURPOSES, type ConsentPurpose, type ConsentState } from '@kapaas/contract';
import type { Database } from '@kapaas/db';
import { consentsOf, recordConsents } from './ledger';
import { shownNoticeVersion } from './notices';

/** The signed-in shopper's consents as the profile lists them: every purpose, with its label. */
export async function myConsents(db: Database, userId: number): Promise<ConsentState[]> {
  return (await consentsOf(db, { userId })).map((consent) => ({
    purpose: consent.purpose,
    label: CONSENT_PURPOSES[consent.purpose],
    given: consent.given,
    since: consent.since?.toISOString() ?? null,
    source: consent.source,
  }));
}

/**
 * The profile's switch: one entry in the ledger, a consent or a withdrawal alike (withdrawing is as easy as giving).
 * Saying what already stands is recorded too: the ledger keeps what the person said, each time.
 */
export async function setMyConsent(
  db: Database,
  userId: number,
  change: { purpose: ConsentPurpose; given: boolean; noticeVersion: number | undefined; clientAddress: string },
): Promise<ConsentState[]> {
  await db.transaction(async (tx) => {
    const noticeVersion = await shownNoticeVersion(tx, change.noticeVersion);
    await recordConsents(tx, [
      {
        person: { userId },
        purpose: change.purpose,
        given: change.given,
        source: 'profile',
        noticeVersion,
        clientAddress: change.clientAddress,
      },
    ]);
  });
  return myConsents(db, userId);
}
