import { privacyNotices, type Queryable, shopSettings } from '@kapaas/db';
import { desc, eq, sql } from 'drizzle-orm';
import { fieldError } from '../../lib/errors';

export interface NoticeVersionRow {
  version: number;
  body: string;
  authorEmail: string | null;
  createdAt: Date;
}

/** The notice in force: the highest version (migration 0025 writes the first, so there always is one). */
export async function currentNotice(db: Queryable): Promise<NoticeVersionRow> {
  const [row] = await db
    .select({
      version: privacyNotices.version,
      body: privacyNotices.body,
      authorEmail: privacyNotices.authorEmail,
      createdAt: privacyNotices.createdAt,
    })
    .from(privacyNotices)
    .orderBy(desc(privacyNotices.version))
    .limit(1);
  if (!row) throw new Error('privacy_notices has no version: migration 0025 writes the first');
  return row;
}

export async function currentNoticeVersion(db: Queryable): Promise<number> {
  return (await currentNotice(db)).version;
}

/** Every version, newest first, with when and by whom it was saved. */
export async function noticeVersions(db: Queryable): Promise<NoticeVersionRow[]> {
  return db
    .select({
      version: privacyNotices.version,
      body: privacyNotices.body,
      authorEmail: privacyNotices.authorEmail,
      createdAt: privacyNotices.createdAt,
    })
    .from(privacyNotices)
    .orderBy(desc(privacyNotices.version));
}

/**
 * Saves the owner's text as the next version; a version is never changed. Two saves at once: the unique version
 * makes one of them fail rather than both take one number, and the transaction's lock on the newest keeps it rare.
 */
export async function publishNotice(
  db: Queryable,
  body: string,
  author: { adminId: number; email: string },
): Promise<NoticeVersionRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE privacy_notices IN SHARE ROW EXCLUSIVE MODE`);
    const current = await currentNotice(tx);
    if (current.body === body)
      throw fieldError('body', 'This is the notice as it stands: change something to save a new version.');
    const [row] = await tx
      .insert(privacyNotices)
      .values({ version: current.version + 1, body, authorAdminId: author.adminId, authorEmail: author.email })
      .returning({
        version: privacyNotices.version,
        body: privacyNotices.body,
        authorEmail: privacyNotices.authorEmail,
        createdAt: privacyNotices.createdAt,
      });
    if (!row) throw new Error('the notice was not saved');
    return row;
  });
}

/**
 * The version a form says it showed: one the shop has published, else 400 beside the field. Absent: the version in
 * force (a client that shows no notice).
 */
export async function shownNoticeVersion(db: Queryable, version: number | undefined, field = 'notice_version') {
  const current = await currentNoticeVersion(db);
  if (version === undefined) return current;
  if (version > current)
    throw fieldError(field, 'This privacy notice version does not exist. Reload the page to see the notice in force.');
  return version;
}

/** The grievance officer the notice names (settings). */
export async function grievanceOfficer(db: Queryable): Promise<{ name: string; email: string }> {
  const [row] = await db
    .select({ name: shopSettings.grievanceOfficerName, email: shopSettings.grievanceOfficerEmail })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row ?? { name: '', email: '' };
}
